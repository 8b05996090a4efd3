import type { ReportCategory } from '../../../src/shared/reports.js';

/** One message of a written conversation. `replyTo` is the index of a line of the same block. */
export interface DemoChatLine {
  author: string;
  body: string;
  replyTo?: number;
  likes?: string[];
  /** The author edits it afterwards to this. */
  edit?: string;
  /** A moderator hides it. */
  hide?: { by: string; reason: string };
  /** A member reports it; the report waits in the review queue. */
  report?: { by: string; category: ReportCategory; reason: string };
}

export interface DemoChatRoom {
  /** Part of every message's nonce, so a second run finds the messages again. */
  key: string;
  name: string;
  topic: string;
  posting: 'everyone' | 'moderators';
  /** The General room the migration made (found by its flag, never created). */
  general?: boolean;
  /** Archived once its messages are in. */
  archived?: boolean;
  /** Written conversations, spread through the room's days between the chatter. */
  blocks: DemoChatLine[][];
  /** How many everyday messages to weave around the conversations, and about what. */
  chatter: number;
  films: string[];
  /** Who chats there (announcement rooms: staff only). */
  voices: string[];
}

const everyone = [
  'margot',
  'tomas_h',
  'priya_reels',
  'aiko',
  'lucas_b',
  'noor',
  'samwatches',
  'elena_v',
  'finn_oc',
  'gracek',
];

/**
 * Everyday chat about a film: `{film}` is one of the room's films, `{member}` another member's
 * username (a mention). Rendered by chat's own Markdown, so bold, italics and code are real.
 */
export const chatterTemplates = [
  'Just finished {film}. Still thinking about that last shot.',
  'Anyone else rewatching {film} this week?',
  '{film} on the big screen hits **so** differently.',
  'Hot take: {film} is better on a second watch.',
  'Finally crossed {film} off my list. Worth the hype.',
  'Is {film} streaming anywhere right now?',
  '@{member} you were right about {film}, by the way.',
  '@{member} have you seen {film} yet? I need someone to talk to about it.',
  'The score in {film} is doing half the work and I love it.',
  '{film} has the best opening ten minutes of anything I saw this year.',
  'Couldn’t get into {film}. Maybe I wasn’t in the mood.',
  'Watching {film} tonight with friends who have *never* seen it.',
  'The sound design in {film} deserves its own thread.',
  'Whoever cut the trailer for {film} should be in charge of all trailers.',
  '{film}: slow first act, devastating last one.',
  'Reminder that {film} is barely 90 minutes. No excuses.',
  'I think {film} is about grief, and I will not be taking questions.',
  'Dragged my partner to {film}. Converted. 🎬',
  'Is it just me, or does {film} look like it was shot entirely at golden hour?',
  'The restoration of {film} is gorgeous. Grain intact.',
  '@{member} adding {film} to our watch list for next week?',
  'Every time I see {film} I notice something new in the background.',
  'Popcorn or no popcorn for {film}? It is very quiet in places.',
  '{film} ending: earned or cheap? I keep changing my mind.',
];

/** Short answers for replies in the chatter. */
export const chatterReplies = [
  'Agreed, completely.',
  'Hard disagree, but I respect it.',
  'Same here!',
  'Ha, that’s exactly what I said on the way out.',
  'Adding it to my list.',
  'You’ve convinced me to give it another go.',
  'That scene lives in my head rent free.',
  'Not sure about that one…',
  'Yes! Finally someone said it.',
  'The director’s commentary on the disc is great for this.',
];

export const demoChatRooms: DemoChatRoom[] = [
  {
    key: 'general',
    name: 'General',
    topic: '',
    posting: 'everyone',
    general: true,
    voices: everyone,
    chatter: 120,
    films: [
      'Past Lives',
      'Perfect Days',
      'Anatomy of a Fall',
      'Dune: Part Two',
      'The Zone of Interest',
      'Poor Things',
      'Aftersun',
      'The Holdovers',
      'Oppenheimer',
      'Fallen Leaves',
      'Killers of the Flower Moon',
      'Spider-Man: Across the Spider-Verse',
    ],
    blocks: [
      [
        {
          author: 'margot',
          body: 'Morning all ☕ Welcome to the new chat!',
          likes: ['aiko', 'noor'],
        },
        { author: 'samwatches', body: 'Ooh, fancy. Does it do **bold**?', replyTo: 0 },
        {
          author: 'aiko',
          body: 'It does *italics* and `code` too. @samwatches try a link: https://www.imdb.com',
          replyTo: 1,
          likes: ['samwatches'],
        },
        { author: 'samwatches', body: 'Perfect. Now I can shout about films in real time.' },
      ],
      [
        {
          author: 'elena_v',
          body: 'What is everyone watching this weekend?',
          likes: ['gracek'],
        },
        { author: 'finn_oc', body: 'Double bill of Perfect Days and Paterson. Gentle weekend.' },
        { author: 'gracek', body: 'That sounds lovely @finn_oc', replyTo: 1 },
        {
          author: 'tomas_h',
          body: 'Projecting a 35 mm print of Alien at the school film club. Come if you are near Valencia!',
          likes: ['elena_v', 'priya_reels', 'lucas_b'],
        },
        { author: 'elena_v', body: 'Jealous. Take photos of the reels!', replyTo: 3 },
      ],
      [
        {
          author: 'gracek',
          body: 'Selling my spare festival passes cheap, DM me on my site for the link',
          report: {
            by: 'samwatches',
            category: 'spam',
            reason: 'Selling passes in the General room, looks like a scam link.',
          },
        },
        { author: 'noor', body: 'Please keep sales out of the chat, thanks!' },
      ],
      [
        {
          author: 'priya_reels',
          body: 'Editing question: does anyone else count cuts during action scenes?',
        },
        {
          author: 'lucas_b',
          body: 'Only since you told us about it. Now I can’t stop. Thanks @priya_reels 🙃',
          replyTo: 0,
          likes: ['priya_reels', 'margot'],
        },
        {
          author: 'priya_reels',
          body: 'Fury Road averages about two seconds a shot and never loses you. That’s the trick.',
          replyTo: 1,
          likes: ['noor', 'tomas_h'],
        },
      ],
      [
        {
          author: 'gracek',
          body: 'Just saw Anatomy of a Fall and I still can’t decide if she did it',
          edit: 'Just saw Anatomy of a Fall and I still can’t decide if she did it. No spoilers please!',
        },
        { author: 'margot', body: 'That is the point, I think 😄', replyTo: 0, likes: ['gracek'] },
      ],
    ],
  },
  {
    key: 'horror',
    name: 'Horror',
    topic: 'Slashers, folk horror and things that go bump. Warn before spoilers.',
    posting: 'everyone',
    voices: ['aiko', 'noor', 'samwatches', 'elena_v', 'finn_oc', 'gracek', 'lucas_b'],
    chatter: 80,
    films: [
      'Hereditary',
      'The Witch',
      'Midsommar',
      'It Follows',
      'The Babadook',
      'Talk to Me',
      'Get Out',
      'The Thing',
      'Ringu',
      'Suspiria',
      'Pearl',
      'Lake Mungo',
    ],
    blocks: [
      [
        {
          author: 'elena_v',
          body: 'Folk horror night ideas? Already did The Wicker Man.',
          likes: ['finn_oc'],
        },
        {
          author: 'noor',
          body: 'The Witch, then Midsommar if people are still awake.',
          replyTo: 0,
        },
        { author: 'finn_oc', body: 'Kill List if you want everyone to leave angry.', replyTo: 0 },
        { author: 'elena_v', body: 'Ha! @finn_oc that one is going on the list.', replyTo: 2 },
      ],
      [
        {
          author: 'finn_oc',
          body: 'The ending of Hereditary is the mum on the ceiling and the whole cult thing, obviously',
          hide: {
            by: 'aiko',
            reason: 'Spoils the ending of Hereditary in a room that asks for spoiler warnings.',
          },
        },
        { author: 'gracek', body: 'Some of us hadn’t seen it yet 😩' },
        {
          author: 'aiko',
          body: 'Hid that one. Please warn before spoilers, everyone. Thanks!',
          likes: ['gracek', 'elena_v'],
        },
      ],
      [
        { author: 'samwatches', body: 'Is `It Follows` actually scary or just stylish?' },
        {
          author: 'lucas_b',
          body: 'Both. The slow walkers in the background got me for weeks.',
          replyTo: 0,
          likes: ['samwatches'],
        },
      ],
    ],
  },
  {
    key: 'festival-news',
    name: 'Festival news',
    topic: 'Announcements from the team: festivals, screenings and site news.',
    posting: 'moderators',
    voices: ['margot', 'tomas_h', 'priya_reels', 'noor'],
    chatter: 0,
    films: [],
    blocks: [
      [
        {
          author: 'margot',
          body: '**Welcome to Festival news.** Only the team posts here; chat about it in General.',
          likes: ['aiko', 'samwatches', 'elena_v'],
        },
        {
          author: 'tomas_h',
          body: 'Our festival coverage starts next week: reviews go in the Reviews category, tagged *festival*.',
          likes: ['finn_oc'],
        },
      ],
      [
        {
          author: 'priya_reels',
          body: 'Programme for the Chennai International Film Festival is out: https://www.imdb.com/event/',
        },
        {
          author: 'noor',
          body: 'Documentary strand picks from Amman are on the way. Tell @noor what you want covered.',
        },
      ],
      [
        {
          author: 'margot',
          body: 'New: chat rooms! Be kind, mark spoilers, and report anything that breaks the rules.',
          likes: ['gracek', 'lucas_b', 'tomas_h'],
        },
        {
          author: 'tomas_h',
          body: 'Sunday 8 pm CET: watch-along of *The Third Man*. Details in Classics.',
        },
      ],
    ],
  },
  {
    key: 'classics',
    name: 'Classics',
    topic: 'Before 1980: silents, noir, the studio era and the new waves.',
    posting: 'everyone',
    voices: ['margot', 'tomas_h', 'priya_reels', 'lucas_b', 'noor', 'elena_v', 'gracek'],
    chatter: 75,
    films: [
      'The Third Man',
      'Sunset Boulevard',
      'Tokyo Story',
      'Breathless',
      'The Apartment',
      'Persona',
      'Rear Window',
      'Bicycle Thieves',
      'Seven Samurai',
      'Pather Panchali',
      'Touch of Evil',
      'Cléo from 5 to 7',
    ],
    blocks: [
      [
        {
          author: 'tomas_h',
          body: 'Watch-along of The Third Man on Sunday. Press play at 20:00 CET sharp.',
          likes: ['margot', 'lucas_b', 'gracek'],
        },
        { author: 'lucas_b', body: 'Zither soundtrack at full volume, as intended.', replyTo: 0 },
        { author: 'gracek', body: 'First time seeing it! @tomas_h any tips?', replyTo: 0 },
        {
          author: 'tomas_h',
          body: 'Watch the angles. Every shot is tilted like the city is falling over.',
          replyTo: 2,
          likes: ['gracek'],
        },
      ],
      [
        {
          author: 'priya_reels',
          body: 'Pather Panchali restoration is stunning. The train scene!',
          likes: ['noor'],
        },
        {
          author: 'noor',
          body: 'That scene made me cry in a cinema full of strangers.',
          replyTo: 0,
        },
      ],
    ],
  },
  {
    key: 'oscars-2025',
    name: 'Oscars night 2025',
    topic: 'Live chat for the ceremony. Archived.',
    posting: 'everyone',
    archived: true,
    voices: everyone,
    chatter: 18,
    films: ['Anora', 'The Brutalist', 'Conclave', 'Flow', 'I’m Still Here', 'Dune: Part Two'],
    blocks: [
      [
        { author: 'margot', body: 'Red carpet starting! Who is staying up?', likes: ['aiko'] },
        {
          author: 'aiko',
          body: 'Flow winning Animated Feature is all I need tonight.',
          replyTo: 0,
        },
      ],
      [
        {
          author: 'aiko',
          body: 'FLOW WON 🐈',
          likes: ['margot', 'noor', 'elena_v', 'gracek', 'lucas_b'],
        },
        { author: 'noor', body: 'A cat and a boat beat the studios. Perfect night.', replyTo: 0 },
      ],
    ],
  },
];
