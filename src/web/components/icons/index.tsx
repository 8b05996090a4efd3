import type { ComponentProps, CSSProperties, ReactElement } from 'react';
// `no-inline`: a small sprite must still be a file, `<use>` does not follow a data: URL.
import spriteUrl from './sprite.svg?url&no-inline';

/**
 * The app's icons: Tabler's (@tabler/icons-react), drawn from one sprite file instead of every
 * icon's paths written into the page. Each is `<svg width height><use href="/assets/sprite-….svg#name"/></svg>`:
 * the sprite's symbol carries Tabler's paint (outline icons stroked, filled ones filled, in the
 * text's colour), so a page repeats only the size and the address, about 100 bytes an icon
 * rather than Tabler's 330 (a thread page draws a hundred and more). The sprite is downloaded
 * once and cached. A new icon is one line below, then `npm run icons` writes it into sprite.svg
 * (scripts/icons.ts).
 */
export interface IconProps extends Omit<ComponentProps<'svg'>, 'stroke'> {
  /** Width and height, 24 unless given. */
  size?: string | number;
  /** Stroke width of an outline icon, 2 unless given. */
  stroke?: string | number;
  title?: string;
}

export type Icon = (props: IconProps) => ReactElement;

function sprited(name: string): Icon {
  const href = `${spriteUrl}#${name}`;
  function SpriteIcon({ color, size = 24, stroke, title, style, children, ...rest }: IconProps) {
    // The symbol's paint is `currentColor` and `var(--icon-stroke, 2)`: both reach it through
    // the `<use>`, so a colour or a stroke width is set here, on the outer element.
    const paint =
      color === undefined && stroke === undefined
        ? style
        : ({
            ...style,
            color,
            ...(stroke === undefined ? {} : { '--icon-stroke': stroke }),
          } as CSSProperties);
    return (
      <svg width={size} height={size} style={paint} {...rest}>
        {title && <title>{title}</title>}
        <use href={href} />
        {children}
      </svg>
    );
  }
  SpriteIcon.displayName = `Icon${name.replace(/(?:^|-)(\w)/g, (_match, letter: string) => letter.toUpperCase())}`;
  return SpriteIcon;
}

/** The kind is the sprite's business (scripts/icons.ts): here it names the Tabler icon. */
const outline = sprited;
const filled = sprited;

export const IconAdjustmentsHorizontal = outline('adjustments-horizontal');
export const IconArchive = outline('archive');
export const IconArchiveOff = outline('archive-off');
export const IconArrowBackUp = outline('arrow-back-up');
export const IconArrowDown = outline('arrow-down');
export const IconArrowRight = outline('arrow-right');
export const IconArrowUp = outline('arrow-up');
export const IconBan = outline('ban');
export const IconBell = outline('bell');
export const IconCalendar = outline('calendar');
export const IconCheck = outline('check');
export const IconChecks = outline('checks');
export const IconChevronDown = outline('chevron-down');
export const IconCoin = outline('coin');
export const IconCookie = outline('cookie');
export const IconDots = outline('dots');
export const IconDownload = outline('download');
export const IconEdit = outline('edit');
export const IconEye = outline('eye');
export const IconEyeOff = outline('eye-off');
export const IconFileText = outline('file-text');
export const IconFilter = outline('filter');
export const IconFlag = outline('flag');
export const IconFlask = outline('flask');
export const IconHeart = outline('heart');
export const IconHeartFilled = filled('heart-filled');
export const IconHistory = outline('history');
export const IconInfoCircle = outline('info-circle');
export const IconListSearch = outline('list-search');
export const IconLock = outline('lock');
export const IconLockOpen = outline('lock-open');
export const IconLogout = outline('logout');
export const IconMailCheck = outline('mail-check');
export const IconMailExclamation = outline('mail-exclamation');
export const IconMapPin = outline('map-pin');
export const IconMaximize = outline('maximize');
export const IconMenu2 = outline('menu-2');
export const IconMessage = outline('message');
export const IconMessages = outline('messages');
export const IconNews = outline('news');
export const IconPencil = outline('pencil');
export const IconPhotoPlus = outline('photo-plus');
export const IconPin = outline('pin');
export const IconPlus = outline('plus');
export const IconPoint = outline('point');
export const IconQuote = outline('quote');
export const IconSearch = outline('search');
export const IconSend = outline('send');
export const IconSettings = outline('settings');
export const IconShare = outline('share');
export const IconShieldCheck = outline('shield-check');
export const IconShieldPlus = outline('shield-plus');
export const IconStar = outline('star');
export const IconStarFilled = filled('star-filled');
export const IconThumbUp = outline('thumb-up');
export const IconThumbUpFilled = filled('thumb-up-filled');
export const IconTrash = outline('trash');
export const IconUpload = outline('upload');
export const IconUser = outline('user');
export const IconUserPlus = outline('user-plus');
export const IconUsers = outline('users');
export const IconVolume = outline('volume');
export const IconVolumeOff = outline('volume-off');
export const IconX = outline('x');
