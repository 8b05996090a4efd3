import type { NewsStatus } from '../../../src/shared/news.js';

export interface DemoArticle {
  title: string;
  summary: string;
  body: string;
  status: NewsStatus;
  /** Days before now it went out (negative: it goes out later); none for a draft. */
  publishedDaysAgo?: number;
  featured?: boolean;
  /** A cover made for the article: its background hue, the words on it, its description. */
  cover?: { hue: number; label: string; alt: string };
  /** Replies under the article, by member username. */
  comments?: { author: string; body: string }[];
}

/** Site news written by the admin: featured, published, scheduled and a draft. */
export const demoArticles: DemoArticle[] = [
  {
    title: 'Autumn film club: twelve weeks of world cinema',
    summary:
      'Every Friday from next week we watch one film together and talk about it on Sunday. First stop: Tokyo Story.',
    status: 'published',
    publishedDaysAgo: 2,
    featured: true,
    cover: {
      hue: 28,
      label: 'Autumn film club',
      alt: 'An orange banner reading “Autumn film club”',
    },
    body: `Our first community film club starts next Friday, and everyone is welcome.

## How it works

1. Each week we pick one film from a different country, announced here on Monday.
2. Watch it whenever suits you during the week.
3. On Sunday a discussion thread opens in **Discussions**, and we talk it through.

## The first four weeks

- **Tokyo Story** (Japan, 1953), chosen by @aiko
- **Cléo from 5 to 7** (France, 1962), chosen by @lucas_b
- **Pather Panchali** (India, 1955), chosen by @priya_reels
- **Capernaum** (Lebanon, 2018), chosen by @noor

No homework, no pressure: come to one week or all twelve. See you on Friday!`,
    comments: [
      { author: 'samwatches', body: 'Tokyo Story is on my decade list anyway. Count me in!' },
      { author: 'gracek', body: 'This is exactly what I joined for. See you Sunday.' },
    ],
  },
  {
    title: 'Reviews now carry ratings out of ten',
    summary:
      'Threads in Reviews now show the film and your rating right in the list, so you can see at a glance what people thought.',
    status: 'published',
    publishedDaysAgo: 12,
    body: `When you start a thread in **Reviews**, the form now asks for the film's title and a rating from 1 to 10.

Both show up in the thread list and on the thread itself. You can change them later by editing your review: the earlier version is kept in the thread's history.

A few tips for a good review:

- Say what the film is trying to do, then whether it managed.
- Mark spoilers, or keep them out of the first paragraph.
- A rating is a summary, not an argument: the text is what we come for.`,
    comments: [{ author: 'finn_oc', body: 'Finally I can give everything a 7 officially.' }],
  },
  {
    title: 'Meet the moderators',
    summary:
      'Five people keep this forum friendly. Here is who they are, what they watch, and how to reach them.',
    status: 'published',
    publishedDaysAgo: 30,
    body: `Moderators read reports, keep threads on topic and help newcomers find their way. They are members like everyone else, and they volunteer their time.

- **Tomás** and **Priya** are our experienced moderators: a former projectionist and a film editor.
- **Aiko**, **Lucas** and **Noor** look after the report queue day to day.

If something in a thread bothers you, use *Report* rather than replying: a moderator will see it in the review queue. And if you would like to help, plain members can ask to become moderators from their profile page.`,
  },
  {
    title: 'Watch-party chat opens next week',
    summary:
      'Live chat rooms for watching a film together, with the same moderation as the forum. Opening next week.',
    status: 'scheduled',
    publishedDaysAgo: -7,
    body: `Next week we open live chat rooms for watch parties.

Start a room, share a time, press play together and talk while the film runs. The same rules as the forum apply, and moderators can mute anyone who spoils the fun.

We will open with a watch party of **Paddington 2**, by popular demand of exactly one member.`,
  },
  {
    title: 'Year-end poll: the best film of the year',
    summary: 'Draft: the poll opens in December, nominations from the reviews of the year.',
    status: 'draft',
    body: `*Draft — to be finished before December.*

Nominations come from the highest-rated reviews of the year. Each member gets three votes. Results on the first Friday of January.`,
  },
];
