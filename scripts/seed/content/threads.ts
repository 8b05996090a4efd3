import type { DemoThread } from './types.js';

/** Conversations in the other categories: discussions, recommendations, off-topic. */
export const demoThreads: DemoThread[] = [
  {
    category: 'discussions',
    author: 'margot',
    title: 'Welcome to Viewpoint: how this place works',
    tags: ['meta'],
    daysAgo: 42,
    body: `Hello and welcome! This is a small community for people who stay for the credits.

A few things to know:

1. **Reviews** carry a film and a rating out of ten. Be honest, be specific, be kind.
2. **Discussions** are for everything else about film: scenes, directors, craft, arguments.
3. **Recommendations** are for asking and answering "what should I watch next?"
4. **Off-topic** is for the rest of life.

Mark spoilers in your titles or give people a warning line before them. If something looks wrong, use *Report*: a moderator will look at it.

Our moderators are @tomas_h, @priya_reels, @aiko, @lucas_b and @noor. Say hello below!`,
    likes: ['tomas_h', 'aiko', 'samwatches', 'elena_v', 'finn_oc', 'gracek', 'noor'],
    replies: [
      {
        author: 'samwatches',
        body: 'Hello! Sam here, working through one film per decade this year. Open to suggestions for the 1930s.',
        likes: ['margot'],
      },
      {
        author: 'elena_v',
        body: 'Hi all, horror person here. I promise to mark my spoilers.',
        likes: ['margot', 'aiko'],
      },
      {
        author: 'aiko',
        body: 'Welcome @samwatches! For the thirties: **It Happened One Night** and **M** make a lovely double bill of opposites.',
        quotes: 0,
        likes: ['samwatches'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'tomas_h',
    title: 'What is the best single shot you have seen in a cinema?',
    tags: ['cinematography'],
    daysAgo: 38,
    body: `Not the best film: the best *shot*. The one you still picture years later.

Mine is the opening of **Touch of Evil**: a bomb placed in a car boot, then three minutes of the camera drifting over the border town while you wait for it to go off.`,
    likes: ['priya_reels', 'lucas_b', 'noor'],
    replies: [
      {
        author: 'priya_reels',
        body: 'The door closing at the end of **The Searchers**. John Wayne framed in the doorway, and then the dark.',
        likes: ['tomas_h', 'margot'],
      },
      {
        author: 'aiko',
        body: 'The bathhouse at night in Spirited Away, when all the lanterns come on at once.',
        likes: ['gracek'],
      },
      {
        author: 'lucas_b',
        body: 'The traffic jam tracking shot in **Weekend**. Godard being Godard for eight minutes.',
      },
      {
        author: 'tomas_h',
        body: 'Great pick. That doorway is every western in one frame.',
        quotes: 0,
      },
      {
        author: 'noor',
        body: 'And the train over the flooded plain a little later. Nothing happens, and it is the best scene in the film.',
        quoteOf: 1,
        likes: ['aiko'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'priya_reels',
    title: 'Editing you never notice: the invisible cut',
    tags: ['editing', 'craft'],
    daysAgo: 34,
    body: `Most great editing is invisible: a cut on movement, on a look, on a sound. You only notice editing when it *wants* to be noticed.

Some favourite invisible moments of mine:

- The match cut from the bone to the satellite in **2001** (okay, that one wants to be noticed).
- Every conversation in **The Social Network**, cut so tightly the dialogue overlaps.
- The breakfast montage in **Citizen Kane**, a whole marriage in two minutes.

What cuts have stayed with you?`,
    likes: ['tomas_h', 'noor'],
    replies: [
      {
        author: 'noor',
        body: 'The lighting of the match in **Lawrence of Arabia**, cutting straight to the desert sunrise.',
        likes: ['priya_reels', 'tomas_h', 'margot'],
      },
      {
        author: 'finn_oc',
        body: 'Honest question: how do you learn to see cuts? I never notice any of this.',
      },
      {
        author: 'priya_reels',
        body: '@finn_oc watch a scene with the sound off and clap at every cut. It feels silly and it works.',
        quotes: 1,
        likes: ['finn_oc', 'samwatches'],
      },
      {
        author: 'samwatches',
        body: 'Tried this with **Jaws** last night. I clapped so often that my neighbour knocked on the wall.',
        quoteOf: 2,
        likes: ['priya_reels'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'elena_v',
    title: 'Practical effects vs CGI: is it really either or?',
    tags: ['effects', 'horror'],
    daysAgo: 32,
    body: `Every few months someone online says "CGI ruined cinema". I love practical effects more than most, but I think the argument is lazy.

The best modern films mix both: **Fury Road** is full of digital work you never notice, and **Jurassic Park** still works because it knew exactly when to use animatronics and when to go digital.

Bad effects are bad because of time and money, not because of the tool. Change my mind?`,
    likes: ['noor', 'aiko', 'priya_reels'],
    replies: [
      {
        author: 'noor',
        body: 'Agreed. The problem is usually schedules: effects houses get weeks for what should take months.',
        likes: ['elena_v'],
      },
      {
        author: 'samwatches',
        body: 'A thing made of latex has weight in the room, and the actors react to it. I think that is what people feel.',
        likes: ['elena_v', 'lucas_b'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'lucas_b',
    title: 'Subtitles or dubbing? (Please be civil)',
    tags: ['world-cinema'],
    daysAgo: 29,
    body: `The eternal debate. I grew up in France where almost everything is dubbed, and only discovered subtitles at university.

Now I cannot go back: voices are half of an actor's performance. But I understand people who watch while cooking, or who find reading tiring.

Where do you stand?`,
    likes: ['gracek', 'margot'],
    replies: [
      {
        author: 'gracek',
        body: 'Subtitles always. "Once you overcome the one-inch-tall barrier of subtitles, you will be introduced to so many more amazing films."',
        likes: ['lucas_b', 'aiko', 'margot', 'priya_reels'],
      },
      {
        author: 'samwatches',
        body: 'Subtitles, but I have a soft spot for the English dub of the Ghibli films.',
        likes: ['aiko'],
      },
      {
        author: 'aiko',
        body: 'The Ghibli dubs are genuinely good! They were supervised closely.',
        quotes: 1,
      },
    ],
  },
  {
    category: 'discussions',
    author: 'aiko',
    title: 'Satoshi Kon: a director who edited dreams',
    tags: ['animation', 'satoshi-kon'],
    daysAgo: 25,
    body: `Satoshi Kon made only four feature films before he died in 2010, and every one of them plays with the line between reality and performance.

**Perfect Blue**, **Millennium Actress**, **Tokyo Godfathers** and **Paprika**: if you know one, try the others. His transitions, where a scene slides into another through a matching shape or gesture, are still copied everywhere.

Which one is your favourite?`,
    likes: ['gracek', 'elena_v'],
    replies: [
      {
        author: 'elena_v',
        body: 'Perfect Blue is one of the scariest films I know, and it is barely a horror film.',
        likes: ['aiko'],
      },
      {
        author: 'finn_oc',
        body: 'Tokyo Godfathers every Christmas. It is the best Christmas film and I will not be taking questions.',
        likes: ['aiko', 'samwatches', 'gracek'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'noor',
    title: 'Documentaries that changed how you see something',
    tags: ['documentary'],
    daysAgo: 21,
    body: `I will start: **Close-Up** by Abbas Kiarostami, about a man who pretended to be a famous director. It is half documentary, half re-enactment by the real people, and I still do not know where the line is.

Also **Honeyland**, which is about a beekeeper and turns out to be about everything.`,
    likes: ['margot', 'tomas_h'],
    replies: [
      {
        author: 'margot',
        body: '**Man on Wire**. I am scared of heights and I watched it through my fingers, grinning.',
        likes: ['noor'],
      },
      {
        author: 'samwatches',
        body: '**Free Solo** made me physically sweat.',
      },
    ],
  },
  {
    category: 'discussions',
    author: 'samwatches',
    title: 'One film per decade: my progress so far',
    tags: ['challenge'],
    daysAgo: 17,
    body: `Quick update on my challenge:

- 1920s: **The General** (Buster Keaton is a wizard)
- 1930s: **It Happened One Night** (thanks @aiko)
- 1940s: **Casablanca**
- 1950s: **Tokyo Story**
- 1960s: *still choosing*

Suggestions for the sixties welcome, nothing over two and a half hours please.`,
    likes: ['aiko', 'tomas_h', 'margot'],
    replies: [
      {
        author: 'margot',
        body: '**The Apartment**. Funny, sad, two hours, perfect.',
        likes: ['samwatches', 'lucas_b'],
      },
      {
        author: 'lucas_b',
        body: '**Cléo from 5 to 7**. Ninety minutes in real time, and Paris in 1962.',
        likes: ['samwatches', 'margot'],
      },
      {
        author: 'samwatches',
        body: 'Both on the list now. Starting with The Apartment tonight.',
        quotes: 0,
      },
    ],
  },
  {
    category: 'discussions',
    author: 'gracek',
    title: 'Best film scores that work without the film',
    tags: ['music', 'scores'],
    daysAgo: 13,
    body: `What soundtracks do you actually listen to on their own? Mine are mostly for studying:

- **Arrival** (Jóhann Jóhannsson)
- **Interstellar** (Hans Zimmer, the organ!)
- **Spirited Away** (Joe Hisaishi)`,
    likes: ['aiko', 'finn_oc'],
    replies: [
      {
        author: 'tomas_h',
        body: 'Ennio Morricone, anything. **Once Upon a Time in the West** especially.',
        likes: ['gracek', 'lucas_b', 'margot'],
      },
      {
        author: 'priya_reels',
        body: 'A. R. Rahman’s **Roja**. It changed film music in India overnight.',
        likes: ['gracek', 'noor'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'finn_oc',
    title: 'Is it okay to walk out of a film?',
    tags: ['cinema-going'],
    daysAgo: 9,
    body: `I walked out of a film for the first time last week (not naming it, it was not for me) and felt weirdly guilty about it.

Do you always finish what you start? Is there a time limit before you are "allowed" to go?`,
    likes: ['samwatches'],
    replies: [
      {
        author: 'margot',
        body: 'Life is short and the cinema seats are not that comfortable. Leave with a clear conscience.',
        likes: ['finn_oc', 'elena_v'],
      },
      {
        author: 'noor',
        body: 'I always finish, because some of my favourite films were ones I disliked for the first hour. But that is a personal rule, not a moral one.',
        likes: ['finn_oc', 'tomas_h'],
      },
    ],
  },
  {
    category: 'discussions',
    author: 'gracek',
    title: 'Anything like Past Lives?',
    tags: ['romance'],
    daysAgo: 5,
    body: `Just saw **Past Lives** and I am wrecked in the best way. What should I watch next that feels like it: quiet, grown-up, a little sad?`,
    moved: {
      by: 'aiko',
      to: 'recommendations',
      reason: 'Asks what to watch next: Recommendations is where those questions find answers.',
    },
    replies: [
      {
        author: 'aiko',
        body: 'Moved this to Recommendations, where people look for exactly this. To start you off: **In the Mood for Love**, then **Aftersun**.',
        likes: ['gracek'],
      },
      {
        author: 'zoe_reels',
        body: '**Columbus** (2017). Two people, a lot of architecture, and nothing is rushed. It stayed with me the same way.',
        likes: ['gracek', 'aiko'],
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'gracek',
    title: 'Korean films after Parasite?',
    tags: ['korea'],
    daysAgo: 40,
    body: `I loved **Parasite** and **Burning**. What should I watch next from Korea? Happy with thrillers, dramas, anything really.`,
    likes: ['aiko'],
    replies: [
      {
        author: 'tomas_h',
        body: '**Memories of Murder**, same director, and maybe even better.',
        likes: ['gracek', 'lucas_b'],
      },
      {
        author: 'elena_v',
        body: '**The Handmaiden**. Twisty, gorgeous, and very much an adults-only film.',
        likes: ['gracek'],
      },
      {
        author: 'noor',
        body: '**Poetry** by Lee Chang-dong, if you liked the slowness of Burning.',
        likes: ['gracek', 'margot'],
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'elena_v',
    title: 'Horror for people who say they do not like horror',
    tags: ['horror'],
    daysAgo: 36,
    body: `Gateway horror list, in my opinion:

1. **Get Out**: a comedy until it is not
2. **The Others**: a ghost story with no gore at all
3. **A Quiet Place**: ninety minutes, very tense, very sweet family
4. **Shaun of the Dead**: laughing counts

What would you add?`,
    likes: ['samwatches', 'finn_oc', 'gracek'],
    replies: [
      {
        author: 'aiko',
        body: '**Kwaidan**, for anyone who likes beautiful films. More eerie than scary.',
        likes: ['elena_v'],
      },
      {
        author: 'finn_oc',
        body: 'Tried A Quiet Place on this advice. Held my breath for an hour and a half. Thank you?',
        likes: ['elena_v', 'samwatches'],
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'samwatches',
    title: 'Feel-good films for a rainy Sunday',
    tags: ['comfort'],
    daysAgo: 27,
    body: `It is grey, it is raining, and I need something warm. Go!`,
    likes: ['gracek', 'margot'],
    replies: [
      {
        author: 'aiko',
        body: '**My Neighbour Totoro**. Rain is practically a character in it.',
        likes: ['samwatches', 'gracek', 'finn_oc'],
      },
      {
        author: 'lucas_b',
        body: '**The Intouchables**, if you do not mind crying a little.',
      },
      {
        author: 'finn_oc',
        body: '**The Grand Budapest Hotel**. Pink cakes and murder.',
        likes: ['samwatches'],
      },
      {
        author: 'samwatches',
        body: 'Totoro it is. The bus stop scene is exactly the mood.',
        quotes: 0,
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'finn_oc',
    title: 'Short films under two hours that feel epic?',
    tags: ['short-runtime'],
    daysAgo: 23,
    body: `I have exams and limited time but I want something big. Under two hours, feels like an adventure. Ideas?`,
    likes: ['noor'],
    replies: [
      {
        author: 'noor',
        body: '**Mad Max: Fury Road**, two hours exactly and the biggest adventure I know.',
        likes: ['finn_oc'],
      },
      {
        author: 'tomas_h',
        body: '**Children of Men**, an hour and forty-nine minutes and you will feel like you crossed a country.',
        likes: ['finn_oc', 'priya_reels'],
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'noor',
    title: 'Films set in a single location',
    tags: ['one-location'],
    daysAgo: 19,
    body: `I love films that never leave one place: **12 Angry Men**, **Rear Window**, **Locke**. What are your favourites?`,
    likes: ['priya_reels', 'tomas_h'],
    replies: [
      {
        author: 'priya_reels',
        body: '**The Guilty** (the Danish original). One man, one phone, one room, so much tension.',
        likes: ['noor'],
      },
      {
        author: 'elena_v',
        body: '**The Thing** is basically one location, and I will take any excuse to mention it.',
        likes: ['noor', 'finn_oc'],
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'margot',
    title: 'Your favourite Nordic films, please',
    tags: ['nordic'],
    daysAgo: 15,
    body: `Home pride thread. I will start with **Fanny and Alexander** and **Let the Right One In**. Danish, Finnish, Norwegian and Icelandic picks very welcome!`,
    likes: ['lucas_b', 'tomas_h'],
    replies: [
      {
        author: 'lucas_b',
        body: '**The Worst Person in the World**. Funny and heartbreaking in equal measure.',
        likes: ['margot', 'gracek'],
      },
      {
        author: 'noor',
        body: 'Anything by Aki Kaurismäki. **Fallen Leaves** is a perfect little film.',
        likes: ['margot'],
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'lucas_b',
    title: 'Where to start with the French New Wave',
    tags: ['france', 'new-wave'],
    daysAgo: 11,
    body: `A friend asked me where to start, and I think this is a good order:

1. **The 400 Blows** (Truffaut): the most accessible
2. **Cléo from 5 to 7** (Varda): a city in real time
3. **Breathless** (Godard): the jump cuts everyone copied
4. **Jules and Jim** (Truffaut)

Disagree below!`,
    likes: ['margot', 'samwatches', 'tomas_h'],
    replies: [
      {
        author: 'tomas_h',
        body: 'I would start with Breathless just to get the shock out of the way.',
        likes: ['lucas_b'],
      },
      {
        author: 'lucas_b',
        body: 'A bold approach. Fair enough!',
        quotes: 0,
      },
    ],
  },
  {
    category: 'recommendations',
    author: 'aiko',
    title: 'Animation that is not for kids',
    tags: ['animation'],
    daysAgo: 7,
    body: `For anyone who still thinks animation means children's films: **Perfect Blue**, **Persepolis**, **Grave of the Fireflies** (have tissues), **Waltz with Bashir**, **Anomalisa**.`,
    likes: ['gracek', 'elena_v', 'noor'],
    replies: [
      {
        author: 'gracek',
        body: 'Persepolis made me read the graphic novels straight after. Both are wonderful.',
        likes: ['aiko'],
      },
    ],
  },
  {
    category: 'off-topic',
    author: 'samwatches',
    title: 'Best cinema snack, go',
    tags: ['snacks'],
    daysAgo: 30,
    body: `Popcorn is the obvious answer. I want the *unobvious* answers.`,
    likes: ['finn_oc', 'gracek', 'elena_v'],
    replies: [
      {
        author: 'gracek',
        body: 'Dried mango. Silent, sweet, lasts the whole film.',
        likes: ['samwatches', 'aiko'],
      },
      {
        author: 'tomas_h',
        body: 'As a former projectionist: please, anything that does not come in a crinkly bag.',
        likes: ['samwatches', 'priya_reels', 'margot', 'lucas_b'],
      },
      {
        author: 'samwatches',
        body: 'Noted, @tomas_h. Crinkly bags are banned.',
        quotes: 1,
      },
    ],
  },
  {
    category: 'off-topic',
    author: 'elena_v',
    title: 'What are you reading at the moment?',
    tags: ['books'],
    daysAgo: 24,
    body: `Film-adjacent or not. I am halfway through *The Haunting of Hill House* and refusing to read it after dark.`,
    likes: ['margot'],
    replies: [
      {
        author: 'priya_reels',
        body: '*In the Blink of an Eye* by Walter Murch, for the fifth time.',
        likes: ['tomas_h', 'elena_v'],
      },
      {
        author: 'finn_oc',
        body: 'Course readings, sadly. Ask me again in June.',
        likes: ['elena_v'],
      },
    ],
  },
  {
    category: 'off-topic',
    author: 'finn_oc',
    title: 'Rate my home cinema setup (it is a bedsheet)',
    tags: ['home-cinema'],
    daysAgo: 20,
    body: `A borrowed projector, a white bedsheet pinned to the wall, and a speaker that is mostly bass. Total cost: two coffees. Watched **Fury Road** on it last night and it was glorious.`,
    likes: ['samwatches', 'noor', 'gracek', 'aiko'],
    replies: [
      {
        author: 'noor',
        body: 'This is the spirit of cinema. 10/10 setup.',
        likes: ['finn_oc'],
      },
      {
        author: 'tomas_h',
        body: 'Iron the sheet and it gets an 11.',
        likes: ['finn_oc', 'samwatches', 'margot'],
      },
    ],
  },
  {
    category: 'off-topic',
    author: 'aiko',
    title: 'Show us your pets (film names only)',
    tags: ['pets'],
    daysAgo: 16,
    body: `My cat is called **Jiji**, obviously. Who else named a pet after a film character?`,
    likes: ['gracek', 'samwatches', 'elena_v', 'margot'],
    replies: [
      {
        author: 'elena_v',
        body: 'Two rats called **Ripley** and **Newt**.',
        likes: ['aiko', 'finn_oc', 'noor'],
      },
      {
        author: 'lucas_b',
        body: 'My dog is **Antoine**, after Doinel. He also runs to the sea whenever he can.',
        likes: ['aiko', 'margot'],
      },
    ],
  },
  {
    category: 'off-topic',
    author: 'margot',
    title: 'Festival season: who is going where?',
    tags: ['festivals'],
    daysAgo: 6,
    body: `I will be in Gothenburg in January as always. Anyone else planning festival trips this season? Let's meet up if we overlap.`,
    likes: ['tomas_h', 'noor'],
    replies: [
      {
        author: 'tomas_h',
        body: 'San Sebastián, if the school lets me go. @margot I owe you a coffee from last year.',
        likes: ['margot'],
      },
      {
        author: 'noor',
        body: 'Hoping for Berlin this year, fingers crossed.',
      },
    ],
  },
  {
    category: 'off-topic',
    author: 'gracek',
    title: 'Tiny things that make a cinema visit perfect',
    tags: ['cinema-going'],
    daysAgo: 3,
    body: `The lights going down slowly. A stranger laughing at the same small joke as you. Rain outside when you come out. What are yours?`,
    likes: ['aiko', 'margot', 'samwatches', 'lucas_b'],
    replies: [
      {
        author: 'aiko',
        body: 'When everyone stays for the credits without being told to.',
        likes: ['gracek', 'tomas_h'],
      },
      {
        author: 'samwatches',
        body: 'The walk home afterwards, still inside the film.',
        likes: ['gracek', 'noor', 'finn_oc'],
      },
    ],
  },
];
