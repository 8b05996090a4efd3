import classes from './new-replies-divider.module.css';

/**
 * The line above the first reply the member has not read: a list item of its own (a list holds
 * only items; one with its role taken away fails axe's list rule) holding the separator. Plain
 * elements, not Mantine's Divider: the thread page stays light for visitors.
 */
export function NewRepliesDivider() {
  return (
    <li>
      <div role="separator" aria-label="New replies" className={classes.divider}>
        <span className={classes.label}>New replies</span>
      </div>
    </li>
  );
}
