import type { DemoThread } from './types.js';

export interface DemoFilm {
  title: string;
  year: number;
  director: string;
  originalTitle?: string;
  /** Who added it to the site (the first to review it, usually). */
  addedBy: string;
  /** Members who follow it: they hear of its later reviews. */
  followedBy?: string[];
  /** A poster drawn for the demo: a colour and the words on it. */
  poster?: { hue: number };
}

/**
 * The films the demo's reviews are of. "Amelie" (2002) is the same film as "Amélie" (2001),
 * added again by a member who misremembered its year: the duplicates list offers the pair, for
 * an experienced moderator to merge.
 */
export const demoFilms: DemoFilm[] = [
  {
    title: 'Parasite',
    year: 2019,
    director: 'Bong Joon-ho',
    originalTitle: '기생충',
    addedBy: 'gracek',
    followedBy: ['priya_reels', 'samwatches'],
  },
  {
    title: 'Spirited Away',
    year: 2001,
    director: 'Hayao Miyazaki',
    originalTitle: '千と千尋の神隠し',
    addedBy: 'aiko',
  },
  { title: 'Mad Max: Fury Road', year: 2015, director: 'George Miller', addedBy: 'finn_oc' },
  { title: 'The Godfather', year: 1972, director: 'Francis Ford Coppola', addedBy: 'tomas_h' },
  { title: 'Paddington 2', year: 2017, director: 'Paul King', addedBy: 'samwatches' },
  { title: 'Arrival', year: 2016, director: 'Denis Villeneuve', addedBy: 'elena_v' },
  { title: 'Get Out', year: 2017, director: 'Jordan Peele', addedBy: 'zoe_reels' },
  {
    title: 'In the Mood for Love',
    year: 2000,
    director: 'Wong Kar-wai',
    originalTitle: '花樣年華',
    addedBy: 'priya_reels',
  },
  { title: 'Whiplash', year: 2014, director: 'Damien Chazelle', addedBy: 'lucas_b' },
  { title: 'La Haine', year: 1995, director: 'Mathieu Kassovitz', addedBy: 'noor' },
  { title: 'The Thing', year: 1982, director: 'John Carpenter', addedBy: 'finn_oc' },
  { title: 'Past Lives', year: 2023, director: 'Celine Song', addedBy: 'elena_v' },
  {
    title: 'Everything Everywhere All at Once',
    year: 2022,
    director: 'Daniel Kwan, Daniel Scheinert',
    addedBy: 'zoe_reels',
  },
  { title: 'Dune: Part Two', year: 2024, director: 'Denis Villeneuve', addedBy: 'samwatches' },
  { title: 'Children of Men', year: 2006, director: 'Alfonso Cuarón', addedBy: 'tomas_h' },
  {
    title: 'Amélie',
    year: 2001,
    director: 'Jean-Pierre Jeunet',
    originalTitle: 'Le Fabuleux Destin d’Amélie Poulain',
    addedBy: 'lucas_b',
  },
  { title: 'Amelie', year: 2002, director: 'Jean-Pierre Jeunet', addedBy: 'gracek' },
  {
    title: 'Stalker',
    year: 1979,
    director: 'Andrei Tarkovsky',
    originalTitle: 'Сталкер',
    addedBy: 'noor',
    poster: { hue: 95 },
    followedBy: ['aiko', 'elena_v'],
  },
  { title: 'Oppenheimer', year: 2023, director: 'Christopher Nolan', addedBy: 'margot' },
];

/** Short second opinions, so several films have more than one review and a spread of ratings. */
export const secondOpinions: DemoThread[] = [
  {
    category: 'reviews',
    author: 'tomas_h',
    title: 'Parasite: the peach scene alone earns it',
    film: { title: 'Parasite', year: 2019, rating: 9 },
    tags: ['bong-joon-ho'],
    daysAgo: 30,
    body: 'Everyone talks about the flood, but the peach-fuzz sequence is the film in miniature: a plan so clever it is funny, until you notice who pays for it. One point off only because the last ten minutes explain a little too much.',
  },
  {
    category: 'reviews',
    author: 'zoe_reels',
    title: 'Parasite is great; the hype made it hard to see',
    film: { title: 'Parasite', year: 2019, rating: 7 },
    daysAgo: 22,
    body: 'I went in after two years of people telling me it was perfect, and spent the first hour waiting to be floored. It is sharp and beautifully staged. I just think **Mother** is the better Bong film.',
  },
  {
    category: 'reviews',
    author: 'noor',
    title: 'Parasite: a house with a basement under the basement',
    film: { title: 'Parasite', year: 2019, rating: 10 },
    daysAgo: 27,
    body: 'Every room in the Park house is a class line, and the camera never lets you forget which side of it you are on. The smell is the cruellest idea in the film.',
  },
  {
    category: 'reviews',
    author: 'lucas_b',
    title: 'Parasite, third time: still finding new things',
    film: { title: 'Parasite', year: 2019, rating: 10 },
    daysAgo: 14,
    body: 'This time I watched the stairs: down to the semi-basement, up to the hill, down again in the rain. The whole story is in which way the characters are walking.',
  },
  {
    category: 'reviews',
    author: 'finn_oc',
    title: 'Parasite earns every award it got',
    film: { title: 'Parasite', year: 2019, rating: 9 },
    daysAgo: 9,
    body: 'A heist film that turns into a horror film that turns into a tragedy, and every turn feels inevitable afterwards. The only thing I would cut is the epilogue voice-over.',
  },
  {
    category: 'reviews',
    author: 'margot',
    title: 'The Godfather, on a big screen, finally',
    film: { title: 'The Godfather', year: 1972, rating: 10 },
    daysAgo: 19,
    body: 'A restored print at the Rio last week. Gordon Willis’s shadows were made for a dark room: faces half gone, eyes unreadable. Three hours that never once feel long.',
  },
  {
    category: 'reviews',
    author: 'samwatches',
    title: 'The Godfather: I get it, I just do not love it',
    film: { title: 'The Godfather', year: 1972, rating: 6 },
    daysAgo: 8,
    body: 'Admired it more than I enjoyed it. The wedding and the baptism are masterful; everything between them is men in rooms deciding things. Maybe I need Part II to make it land.',
  },
  {
    category: 'reviews',
    author: 'aiko',
    title: 'Stalker asks for patience and pays it back',
    film: { title: 'Stalker', year: 1979, rating: 10 },
    daysAgo: 6,
    body: 'The sepia-to-colour shift when they reach the Zone is one of the great moments in cinema. Bring a blanket and do not check your phone.',
  },
  {
    category: 'reviews',
    author: 'finn_oc',
    title: 'Stalker: I fell asleep, and I am not sorry',
    film: { title: 'Stalker', year: 1979, rating: 4 },
    daysAgo: 5,
    body: 'I respect it. I respect it the way I respect a very long sermon. The dog is great.',
  },
  {
    category: 'reviews',
    author: 'priya_reels',
    title: 'Dune: Part Two is the best blockbuster in years',
    film: { title: 'Dune: Part Two', year: 2024, rating: 9 },
    daysAgo: 16,
    body: 'The black-and-white arena on Giedi Prime, the sandworm ride, Austin Butler’s grin: spectacle with an idea behind it. Cold? Maybe. It is a film about a man becoming cold.',
  },
  {
    category: 'reviews',
    author: 'gracek',
    title: 'Amelie is a warm bath of a film',
    film: { title: 'Amelie', year: 2002, rating: 8 },
    daysAgo: 4,
    body: 'Watched it on a grey Sunday and it did exactly what I needed. The photo-booth mystery is such a lovely little detective story.',
  },
  {
    category: 'reviews',
    author: 'elena_v',
    title: 'Oppenheimer: the sound design deserves its own review',
    film: { title: 'Oppenheimer', year: 2023, rating: 9 },
    daysAgo: 3,
    body: 'The silence after Trinity, then the stamping feet in the gymnasium. I felt that scene in my chest. Three hours, and I would watch the hearings again tomorrow.',
  },
];
