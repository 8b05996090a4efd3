import type { Role } from '../../../src/shared/roles.js';

export interface DemoMember {
  role: Role;
  name: string;
  username: string;
  /** How long ago the account was made: old enough for every new-account rule to be past. */
  joinedDaysAgo: number;
  /** The avatar's background hue (0–360). */
  hue: number;
  bio: string;
  location: string;
  favouriteFilms: string[];
  /** Left without a picture, so the avatar shows the member's initials. */
  withoutAvatar?: true;
}

/**
 * The demo community. The first member of each role gets a fresh password on every run and is
 * printed; the others sign in by email link (their passwords are random and never shown).
 */
export const demoMembers: DemoMember[] = [
  {
    role: 'admin',
    name: 'Margot Lindqvist',
    username: 'margot',
    joinedDaysAgo: 400,
    hue: 12,
    bio: 'Runs this place between festival trips. Soft spot for Nordic noir and anything shot on 16 mm.',
    location: 'Gothenburg, Sweden',
    favouriteFilms: ['Persona', 'The Apartment', 'In the Mood for Love', 'Fanny and Alexander'],
  },
  {
    role: 'experienced_moderator',
    name: 'Tomás Herrera',
    username: 'tomas_h',
    joinedDaysAgo: 362,
    hue: 205,
    bio: 'Projectionist for twelve years, now a teacher. I will defend long takes to my last breath.',
    location: 'Valencia, Spain',
    favouriteFilms: ['Children of Men', 'Y Tu Mamá También', 'Pan’s Labyrinth', 'Touch of Evil'],
  },
  {
    role: 'experienced_moderator',
    name: 'Priya Raman',
    username: 'priya_reels',
    joinedDaysAgo: 331,
    hue: 280,
    bio: 'Film editor by day. I notice cuts so you don’t have to. Big on Indian parallel cinema.',
    location: 'Chennai, India',
    favouriteFilms: ['Pather Panchali', 'Nayakan', 'The Conversation', 'Whiplash'],
  },
  {
    role: 'moderator',
    name: 'Aiko Tanaka',
    username: 'aiko',
    joinedDaysAgo: 287,
    hue: 340,
    bio: 'Animation nerd. Ghibli, Satoshi Kon, and the occasional weird Czech stop-motion short.',
    location: 'Osaka, Japan',
    favouriteFilms: ['Spirited Away', 'Perfect Blue', 'Tokyo Story', 'Millennium Actress'],
  },
  {
    role: 'moderator',
    name: 'Lucas Bernard',
    username: 'lucas_b',
    joinedDaysAgo: 240,
    hue: 150,
    bio: 'French New Wave completist, bad at finishing popcorn before the trailers end.',
    location: 'Lyon, France',
    favouriteFilms: ['Breathless', 'La Haine', 'Amélie', 'Cléo from 5 to 7'],
  },
  {
    role: 'moderator',
    name: 'Noor Haddad',
    username: 'noor',
    joinedDaysAgo: 198,
    hue: 45,
    bio: 'Documentaries, slow cinema and the odd blockbuster when nobody is looking.',
    location: 'Amman, Jordan',
    favouriteFilms: ['Capernaum', 'Stalker', 'Mad Max: Fury Road', 'Close-Up'],
  },
  {
    role: 'user',
    name: 'Sam Okafor',
    username: 'samwatches',
    joinedDaysAgo: 164,
    hue: 100,
    bio: 'Trying to watch one film from every decade this year. Currently stuck in the 1930s.',
    location: 'Manchester, UK',
    favouriteFilms: ['Paddington 2', 'Moonlight', 'It Happened One Night'],
  },
  {
    role: 'user',
    name: 'Elena Vasquez',
    username: 'elena_v',
    joinedDaysAgo: 121,
    hue: 310,
    bio: 'Horror fan who sleeps with the lights on. Writing a zine about practical effects.',
    location: 'Mexico City, Mexico',
    favouriteFilms: ['The Thing', 'Get Out', 'Cronos', 'Hereditary'],
  },
  {
    role: 'user',
    name: 'Finn O’Connor',
    username: 'finn_oc',
    joinedDaysAgo: 76,
    hue: 175,
    bio: 'Student. I rate everything a 7 until proven otherwise.',
    location: 'Cork, Ireland',
    favouriteFilms: ['The Grand Budapest Hotel', 'Arrival', 'Lady Bird'],
  },
  {
    role: 'user',
    name: 'Grace Kim',
    username: 'gracek',
    joinedDaysAgo: 34,
    hue: 230,
    bio: 'New here! Came for Parasite discourse, stayed for the recommendations threads.',
    location: 'Toronto, Canada',
    favouriteFilms: ['Parasite', 'Past Lives', 'Little Women (2019)', 'Burning'],
  },
  {
    // A long name with an emoji in it and no picture: initials of whole letters ("ZM"), and a
    // name the header and the lists shorten.
    role: 'user',
    name: 'Zoë 🎬 Marchetti de la Vega-Castellanos',
    username: 'zoe_reels',
    joinedDaysAgo: 12,
    hue: 25,
    bio: 'Architecture student who picks films for their buildings. Slow cinema, long takes, big windows.',
    location: 'Turin, Italy',
    favouriteFilms: ['Columbus', 'Playtime', 'The Belly of an Architect'],
    withoutAvatar: true,
  },
];
