import type { ReactElement } from 'react';
import { initialsOf } from '../../../shared/initials.js';
import { socialImageHeight, socialImageWidth } from '../../../shared/social-image.js';
import { fontFamily } from './fonts.js';
import { box, colors, el, kicker, text, title, type Child } from './card-parts.js';
import { filmLayout, type FilmCard } from './film-card.js';
import { clip, drawable, drawableOr, type TextRule } from './text.js';

/** A person as a card shows them; `avatar` is their picture's `/media/…` address. */
export interface Byline {
  name: string;
  username: string | null;
  avatar: string | null;
}

/** Everything a preview image draws: its cache key is a hash of this (and the version). */
export type SocialCard = { site: string } & (
  | {
      kind: 'thread';
      title: string;
      category: string;
      author: Byline;
      filmTitle: string | null;
      /** Out of ten. */
      rating: number | null;
    }
  | { kind: 'news'; title: string; author: Byline; date: string }
  | {
      kind: 'profile';
      person: Byline;
      /** 'Admin', 'Moderator'… for staff; null for members. */
      role: string | null;
      bio: string;
      memberSince: string;
    }
  | FilmCard
  | {
      kind: 'page';
      /** Above the title: the site's name, except on the home page whose title it is. */
      kicker: string | null;
      title: string;
      description: string;
    }
);

/** Avatars as PNG data URIs (satori reads no WebP), by their `/media/…` address. */
export type AvatarImages = ReadonlyMap<string, string>;

/** A row of film-strip perforations along the top or bottom edge. */
function filmStrip(): ReactElement {
  const holes = Array.from({ length: 30 }, () =>
    box({ width: 22, height: 14, borderRadius: 3, backgroundColor: colors.hole }),
  );
  return box(
    {
      height: 34,
      width: '100%',
      backgroundColor: colors.strip,
      alignItems: 'center',
      justifyContent: 'space-around',
      padding: '0 9px',
    },
    ...holes,
  );
}

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const star = (filled: boolean, size: number) =>
  el('svg', {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    children: el('path', { d: starPath, fill: filled ? colors.amber : colors.emptyStar }),
  });

function ratingRow(rating: number, filmTitle: string, rule: TextRule): ReactElement {
  const filled = Math.max(0, Math.min(10, Math.round(rating)));
  const stars = Array.from({ length: 10 }, (_, index) => star(index < filled, 34));
  return box(
    { alignItems: 'center', marginTop: 28 },
    box({ gap: 3 }, ...stars),
    text({ marginLeft: 18, fontSize: 34, fontWeight: 700, color: colors.amber }, `${filled}/10`),
    ...(filmTitle
      ? [
          text(
            {
              marginLeft: 18,
              fontSize: 30,
              color: colors.muted,
              lineClamp: 1,
              flexShrink: 1,
              display: 'block',
            },
            `· ${clip(drawable(filmTitle, rule), 60)}`,
          ),
        ]
      : []),
  );
}

/** A round picture, or the person's initials in amber when there is none. */
function avatar(person: Byline, size: number, images: AvatarImages, rule: TextRule) {
  const border = Math.max(3, Math.round(size / 28));
  const ring = {
    width: size,
    height: size,
    borderRadius: size / 2,
    flexShrink: 0,
    border: `${border}px solid ${colors.amber}`,
    overflow: 'hidden',
    alignItems: 'center',
    justifyContent: 'center',
  };
  const src = person.avatar ? images.get(person.avatar) : undefined;
  if (src) {
    const inner = size - 2 * border;
    return box(
      ring,
      el('img', { src, width: inner, height: inner, style: { borderRadius: inner / 2 } }),
    );
  }
  return box(
    {
      ...ring,
      backgroundColor: '#2c2117',
      color: colors.amber,
      fontSize: Math.round(size * 0.4),
      fontWeight: 700,
    },
    initialsOf(drawableOr(person.name, person.username ?? '?', rule)) || '?',
  );
}

/** The site's mark and name, bottom right of every image. */
function brand(site: string, rule: TextRule): ReactElement {
  const mark = el('svg', {
    width: 44,
    height: 44,
    viewBox: '0 0 44 44',
    children: [
      el('rect', { x: 0, y: 0, width: 44, height: 44, rx: 10, fill: colors.amber }),
      el('path', { d: 'M17 13 L32 22 L17 31 Z', fill: colors.background }),
    ],
  });
  return box(
    { alignItems: 'center', flexShrink: 0, marginLeft: 32 },
    mark,
    text(
      {
        marginLeft: 14,
        fontSize: 32,
        fontWeight: 700,
        color: colors.text,
        maxWidth: 400,
        lineClamp: 1,
        display: 'block',
      },
      clip(drawableOr(site, 'Viewpoint', rule), 40),
    ),
  );
}

function byline(person: Byline, detail: string | null, images: AvatarImages, rule: TextRule) {
  const name = drawableOr(person.name, person.username ?? 'deleted user', rule);
  return box(
    { alignItems: 'center', flexShrink: 1, minWidth: 0 },
    avatar(person, 68, images, rule),
    box(
      { flexDirection: 'column', marginLeft: 20, flexShrink: 1, minWidth: 0 },
      text(
        { fontSize: 32, fontWeight: 700, color: colors.text, lineClamp: 1, display: 'block' },
        clip(name, 40),
      ),
      ...(detail
        ? [text({ fontSize: 26, color: colors.muted, lineClamp: 1, display: 'block' }, detail)]
        : []),
    ),
  );
}

/** What a card shows: the middle of the image, and the footer's left side (the brand's beside it). */
interface Layout {
  main: Child[];
  footer: ReactElement | null;
}

function layout(card: SocialCard, images: AvatarImages, rule: TextRule): Layout {
  switch (card.kind) {
    case 'thread': {
      const fallback = card.rating === null ? 'A forum thread' : 'A film review';
      const handle = card.author.username && `@${card.author.username}`;
      return {
        main: [
          kicker(drawableOr(card.category, 'Forum', rule)),
          title(drawableOr(card.title, fallback, rule)),
          ...(card.rating === null ? [] : [ratingRow(card.rating, card.filmTitle ?? '', rule)]),
        ],
        footer: byline(card.author, handle, images, rule),
      };
    }
    case 'news':
      return {
        main: [kicker('News'), title(drawableOr(card.title, 'News article', rule))],
        footer: byline(card.author, card.date, images, rule),
      };
    case 'profile':
      return {
        main: [kicker(card.role ?? 'Member'), ...profile(card, images, rule)],
        footer: text({ fontSize: 28, color: colors.muted }, `Member since ${card.memberSince}`),
      };
    case 'film':
      return { main: filmLayout(card, rule), footer: null };
    case 'page':
      return {
        main: [
          ...(card.kicker === null ? [] : [kicker(drawableOr(card.kicker, 'Viewpoint', rule))]),
          title(drawableOr(card.title, 'Viewpoint', rule)),
          text(
            {
              marginTop: 24,
              fontSize: 34,
              lineHeight: 1.35,
              color: colors.muted,
              lineClamp: 3,
              display: 'block',
              maxWidth: 960,
            },
            clip(drawable(card.description, rule), 160),
          ),
        ],
        footer: null,
      };
  }
}

function profile(
  card: Extract<SocialCard, { kind: 'profile' }>,
  images: AvatarImages,
  rule: TextRule,
): Child[] {
  const { person } = card;
  const name = drawableOr(person.name, person.username ?? 'Member', rule);
  const bio = drawable(card.bio.split('\n').find((line) => line.trim() !== '') ?? '', rule);
  return [
    box(
      { alignItems: 'center', marginTop: 30 },
      avatar(person, 176, images, rule),
      box(
        { flexDirection: 'column', marginLeft: 40, flexShrink: 1, minWidth: 0 },
        text(
          {
            fontSize: [...name].length <= 24 ? 68 : 54,
            fontWeight: 700,
            lineHeight: 1.12,
            color: colors.text,
            lineClamp: 2,
            display: 'block',
            wordBreak: 'break-word',
          },
          clip(name, 50),
        ),
        text({ marginTop: 6, fontSize: 34, color: colors.amber }, `@${person.username ?? ''}`),
      ),
    ),
    ...(bio
      ? [
          text(
            {
              marginTop: 28,
              fontSize: 32,
              lineHeight: 1.35,
              color: colors.muted,
              lineClamp: 2,
              display: 'block',
            },
            clip(bio, 120),
          ),
        ]
      : []),
  ];
}

/** The whole image: a dark film frame, amber accents, the content between the strips. */
export function cardTree(card: SocialCard, images: AvatarImages, rule: TextRule): ReactElement {
  const { main, footer } = layout(card, images, rule);
  return box(
    {
      width: socialImageWidth,
      height: socialImageHeight,
      flexDirection: 'column',
      backgroundColor: colors.background,
      backgroundImage:
        'radial-gradient(circle at 88% 8%, rgba(255, 179, 0, 0.16), rgba(255, 179, 0, 0) 55%)',
      fontFamily,
      color: colors.text,
    },
    filmStrip(),
    box(
      { flexGrow: 1, flexDirection: 'column', padding: '40px 80px 44px' },
      box({ flexGrow: 1, flexDirection: 'column', justifyContent: 'center' }, ...main),
      box(
        { alignItems: 'center', justifyContent: 'space-between' },
        footer ?? box({}),
        brand(card.site, rule),
      ),
    ),
    filmStrip(),
  );
}
