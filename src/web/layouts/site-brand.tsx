import { Group } from '@mantine/core';
import { useSite } from '../api/get-site';
import { PrefetchLink } from '../shell/prefetch-link';
import classes from './layout.module.css';

/** The site's name (SITE_NAME) with its mark, linking home. */
export function SiteBrand() {
  const site = useSite();
  return (
    <PrefetchLink to="/" className={classes.brand}>
      <Group gap={8} wrap="nowrap" component="span">
        <img src="/favicon.svg" alt="" className={classes.brandMark} />
        <span className={classes.brandName}>{site.name}</span>
      </Group>
    </PrefetchLink>
  );
}
