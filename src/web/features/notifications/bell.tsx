import { Badge, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '../../components/icons';
import { useFormats } from '../../components/format-time';
import { useUnreadCount } from './api/get-unread-count';
import { BellDropdown } from './bell-dropdown';
import classes from './notifications.module.css';

/**
 * The header's bell: the unread count, and a dropdown with the latest notifications. The
 * count's words join the button's name ("Notifications, 3 unread"); the number is for the eye,
 * black on amber.
 */
export default function Bell({ className }: { className?: string }) {
  const count = useUnreadCount();
  const format = useFormats();
  return (
    // Above the toast area (z-index 1000), as the account menu beside it.
    <Menu
      position="bottom-end"
      width={360}
      withinPortal
      zIndex={1001}
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Menu.Target>
        <UnstyledButton className={className ? `${classes.bell} ${className}` : classes.bell}>
          <IconBell size={20} aria-hidden />
          {count > 0 && (
            <Badge
              component="span"
              size="sm"
              circle={count < 10}
              c="black"
              className={classes.count}
              aria-hidden
            >
              {count > 99 ? '99+' : format.number(count)}
            </Badge>
          )}
          <VisuallyHidden>
            Notifications{count > 0 && `, ${format.number(count)} unread`}
          </VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      {/* Mounted only while open, so the list is read when the member looks. */}
      <Menu.Dropdown>
        <BellDropdown />
      </Menu.Dropdown>
    </Menu>
  );
}
