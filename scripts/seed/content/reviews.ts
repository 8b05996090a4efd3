import type { DemoThread } from './types.js';

/** Reviews of well-known films, each with a rating out of ten. */
export const demoReviews: DemoThread[] = [
  {
    category: 'reviews',
    author: 'gracek',
    title: 'Parasite is a staircase you keep walking down',
    film: { title: 'Parasite', year: 2019, rating: 10 },
    tags: ['bong-joon-ho', 'thriller', 'korea'],
    daysAgo: 41,
    body: `I finally rewatched **Parasite** with my parents, who had somehow never seen it, and it held up even better the second time.

What gets me is how *vertical* the whole film is. The Kims live half underground, the Parks live up a hill behind a wall, and every important turn of the story happens on a staircase. Once you notice it you cannot stop noticing it.

The first hour plays like a heist comedy. You are rooting for the family, laughing at how smoothly each of them slides into a job. Then the doorbell rings on a rainy night and the film quietly changes genre under your feet.

- The peach scene is the funniest thing I have seen in a thriller.
- The flood sequence is the saddest.
- The smell motif is the cruellest idea in the script, and it pays off completely.

A ten, and I do not hand those out often.`,
    likes: ['aiko', 'tomas_h', 'samwatches', 'priya_reels', 'finn_oc'],
    replies: [
      {
        author: 'tomas_h',
        body: 'The staircase reading is spot on. Bong said in interviews that he thought of it as a film about stairs before he thought of it as a film about families.',
        likes: ['gracek', 'lucas_b'],
      },
      {
        author: 'finn_oc',
        body: 'I broke my rule of giving everything a 7 for this one. The flood scene still makes my chest tight.',
        quotes: 0,
      },
      {
        author: 'margot',
        body: '@gracek welcome to the forum, and what a first review. How did your parents take the ending?',
      },
      {
        author: 'gracek',
        body: 'My dad did not say a word for ten minutes and then asked if we could watch Memories of Murder next. So: well!',
        quotes: 2,
        likes: ['margot', 'aiko'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'aiko',
    title: 'Spirited Away, twenty years on',
    film: { title: 'Spirited Away', year: 2001, rating: 10 },
    tags: ['ghibli', 'animation', 'miyazaki'],
    daysAgo: 39,
    body: `I saw **Spirited Away** in a cinema in Osaka when I was nine, and I remember being scared of No-Face for a week.

Watching it again as an adult, what stands out is how patient it is. Chihiro spends long stretches simply *working*: scrubbing a bath, carrying trays, riding a train across flooded fields with nothing happening at all. Miyazaki trusts those quiet moments to do the emotional work.

> Once you've met someone you never really forget them. It just takes a while for your memories to return.

The animation of water alone is worth the ticket. Full marks, forever.`,
    likes: ['gracek', 'noor', 'samwatches', 'margot'],
    replies: [
      {
        author: 'noor',
        body: 'The train scene is one of my favourite sequences in any film, animated or not. Nothing happens and everything happens.',
        likes: ['aiko', 'priya_reels'],
      },
      {
        author: 'samwatches',
        body: 'I showed this to my niece last month and she now insists on bowing to the bus driver.',
        likes: ['aiko', 'gracek', 'margot'],
      },
      {
        author: 'aiko',
        body: 'That is the best possible outcome. @samwatches please tell her No-Face was just lonely.',
        quotes: 1,
      },
    ],
  },
  {
    category: 'reviews',
    author: 'noor',
    title: 'Mad Max: Fury Road is a two-hour chase and a perfect one',
    film: { title: 'Mad Max: Fury Road', year: 2015, rating: 9 },
    tags: ['action', 'george-miller'],
    daysAgo: 37,
    body: `People call it a film with no story. I think it is a film with *exactly enough* story, told almost entirely through action.

Every vehicle, every prop, every piece of wardrobe tells you something about the world, so the dialogue never has to. Furiosa barely explains herself and you understand her completely.

The practical stunts are the real stars. You can feel the weight of the trucks, the sand in the air, the heat. It is loud and orange and somehow also tender.

Docking one point only because I wish the night section in the swamp was a little longer.`,
    likes: ['elena_v', 'tomas_h', 'lucas_b'],
    replies: [
      {
        author: 'elena_v',
        body: 'The guitar guy on the drum truck deserves his own spin-off.',
        likes: ['noor', 'finn_oc', 'samwatches'],
      },
      {
        author: 'priya_reels',
        body: 'As an editor this film is a masterclass: they kept the point of interest in the centre of the frame for almost every shot, which is why you never get lost at that cutting speed.',
        likes: ['noor', 'tomas_h'],
      },
      {
        author: 'noor',
        body: 'That explains so much. I never once felt confused, which is rare in modern action films.',
        quotes: 1,
      },
    ],
  },
  {
    category: 'reviews',
    author: 'tomas_h',
    title: 'The Godfather: the wedding is the whole film in miniature',
    film: { title: 'The Godfather', year: 1972, rating: 10 },
    tags: ['classic', 'coppola', 'crime'],
    daysAgo: 35,
    body: `I used to project **The Godfather** once a year at a small repertory cinema, and every time I noticed something new in the opening wedding.

Outside, sunlight, music, family. Inside, in the dark study, favours and threats. Coppola sets up the two halves of Michael's life before Michael has even decided which one he belongs to.

Gordon Willis's photography is famously dark: he lit Brando from above so you often cannot see his eyes. It should not work, and it is why the film feels like a secret.

It is long, it is slow, and I would not cut a frame.`,
    likes: ['margot', 'lucas_b', 'priya_reels', 'samwatches'],
    replies: [
      {
        author: 'lucas_b',
        body: 'The cut between the baptism and the killings is still the best piece of cross-cutting I know.',
        likes: ['tomas_h', 'priya_reels'],
      },
      {
        author: 'samwatches',
        body: 'This is on my one-film-per-decade list for the 1970s. Part II straight after, or take a break?',
      },
      {
        author: 'tomas_h',
        body: 'Take a day. Part II deserves fresh eyes, @samwatches.',
        quotes: 1,
        likes: ['samwatches'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'samwatches',
    title: 'Paddington 2 is the kindest film I know',
    film: { title: 'Paddington 2', year: 2017, rating: 9 },
    tags: ['family', 'comedy'],
    daysAgo: 33,
    body: `Yes, I am that person. **Paddington 2** is genuinely one of the best-made comedies of the last decade.

Every gag is set up and paid off. The pop-up book sequence is gorgeous. Hugh Grant clearly had the time of his life as a washed-up actor with a dressing-up box.

But mostly it is a film about being polite and assuming the best of people, and somehow that made me cry on a train.`,
    likes: ['finn_oc', 'gracek', 'aiko', 'margot', 'elena_v'],
    replies: [
      {
        author: 'elena_v',
        body: 'Even as a horror person I have to agree. The prison laundry scene alone is a nine.',
        likes: ['samwatches'],
      },
      {
        author: 'finn_oc',
        body: 'A 9? From the person who gave The Godfather a "probably good"? Respect.',
      },
    ],
  },
  {
    category: 'reviews',
    author: 'finn_oc',
    title: 'Arrival made me call my mum',
    film: { title: 'Arrival', year: 2016, rating: 8 },
    tags: ['sci-fi', 'villeneuve'],
    daysAgo: 31,
    body: `I went into **Arrival** expecting spaceships and got a film about language, grief and choosing to love something even when you know how it ends.

Amy Adams is brilliant at playing someone thinking. The heptapod writing is one of the best pieces of design in recent sci-fi.

It loses a point for me because the military subplot feels thin, but the last ten minutes more than make up for it. Bring tissues.`,
    likes: ['aiko', 'noor'],
    replies: [
      {
        author: 'priya_reels',
        body: 'The way the editing mirrors the non-linear language is so clever. The structure *is* the twist.',
        likes: ['finn_oc', 'tomas_h'],
      },
      {
        author: 'finn_oc',
        body: '@priya_reels that is a much better way of saying what I was trying to say.',
        quotes: 0,
      },
    ],
  },
  {
    category: 'reviews',
    author: 'elena_v',
    title: 'Get Out is a horror film about politeness',
    film: { title: 'Get Out', year: 2017, rating: 9 },
    tags: ['horror', 'jordan-peele'],
    daysAgo: 30,
    body: `What makes **Get Out** so unsettling is that for most of its running time nobody does anything openly hostile. Everyone is *nice*. Too nice.

Peele uses every tool of a comedy of manners, the awkward dinner, the garden party, the overfamiliar relatives, and slowly turns the dial until it becomes unbearable.

The Sunken Place is an image that has entered the language, and deservedly so.`,
    likes: ['gracek', 'samwatches', 'noor'],
    replies: [
      {
        author: 'gracek',
        body: 'The teacup. I cannot hear a spoon against china without flinching now.',
        likes: ['elena_v', 'finn_oc'],
      },
      {
        author: 'lucas_b',
        body: 'Rod the TSA agent is the hero we all need.',
        likes: ['elena_v', 'samwatches', 'gracek'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'margot',
    title: 'In the Mood for Love: a film made of corridors',
    film: { title: 'In the Mood for Love', year: 2000, rating: 10 },
    tags: ['wong-kar-wai', 'romance', 'hong-kong'],
    daysAgo: 28,
    body: `Two neighbours in 1960s Hong Kong discover that their spouses are having an affair, and decide that they will not be like them.

Wong Kar-wai shoots them in doorways, through windows, in narrow stairwells, always slightly boxed in. The *qipao* dresses change from scene to scene and become a kind of calendar. The same waltz plays again and again until it feels like a memory you cannot shake.

Nothing happens, in the sense that nothing they want ever happens. That is the point, and it is devastating.`,
    likes: ['lucas_b', 'priya_reels', 'tomas_h', 'aiko'],
    replies: [
      {
        author: 'lucas_b',
        body: 'Yumeji’s Theme is permanently stuck in my head since the 4K re-release.',
        likes: ['margot'],
      },
      {
        author: 'priya_reels',
        body: 'The slow motion here is used so sparingly that every time it comes it feels like the film is holding its breath.',
        likes: ['margot', 'noor'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'priya_reels',
    title: 'Whiplash: great film, terrible teacher, and that is fine',
    film: { title: 'Whiplash', year: 2014, rating: 8 },
    tags: ['music', 'drama'],
    daysAgo: 26,
    body: `I have worked with a few directors who behaved like Fletcher, and **Whiplash** is painfully accurate about why people put up with it.

The cutting in the final performance is extraordinary: every snare hit lands on a cut, and by the end the editing itself is playing the drums.

I take off two points because I think the film is a little too in love with its monster. But as a piece of rhythm it is nearly perfect.`,
    likes: ['tomas_h', 'finn_oc'],
    replies: [
      {
        author: 'samwatches',
        body: 'Not quite my tempo, but I enjoyed it.',
        likes: ['priya_reels', 'finn_oc', 'elena_v', 'gracek'],
      },
      {
        author: 'priya_reels',
        body: 'I walked straight into that one.',
        quotes: 0,
        likes: ['samwatches'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'lucas_b',
    title: 'La Haine still feels like tomorrow',
    film: { title: 'La Haine', year: 1995, rating: 9 },
    tags: ['france', 'black-and-white'],
    daysAgo: 24,
    body: `Twenty-four hours with three friends from the *banlieue* after a night of riots. Shot in black and white, scored mostly by what is playing out of windows.

What I love is how funny it is. Vinz, Saïd and Hubert bicker like any friends, and the film lets them be kids for long stretches before it reminds you what is at stake.

> Jusqu'ici tout va bien.

The famous line is about a man falling from a building. Kassovitz meant it about a society. It is still true.`,
    likes: ['margot', 'noor', 'tomas_h'],
    replies: [
      {
        author: 'noor',
        body: 'The DJ scene where the camera flies out of the window over the estate gave me chills.',
        likes: ['lucas_b'],
      },
      {
        author: 'tomas_h',
        body: 'And the dolly zoom on the rooftop in Paris. Every technique in this film earns its place.',
        likes: ['lucas_b', 'priya_reels'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'elena_v',
    title: 'The Thing: the best practical effects ever made',
    film: { title: 'The Thing', year: 1982, rating: 10 },
    tags: ['horror', 'carpenter', 'practical-effects'],
    daysAgo: 22,
    body: `Twelve men at an Antarctic research station, one shape-shifting creature, and nobody can trust anyone.

Rob Bottin's effects are *still* unmatched. The defibrillator scene, the spider head, the kennel: decades later nothing made with a computer has come close to how wrong these look.

But what makes it a masterpiece is the paranoia. The blood test scene is pure suspense, built on nothing but faces and a hot wire. And the ending refuses to tell you anything, which is exactly right.

This is the film that made me start my zine.`,
    likes: ['noor', 'finn_oc', 'samwatches', 'tomas_h'],
    replies: [
      {
        author: 'finn_oc',
        body: 'I watched this because of you and I have not slept properly since. Thanks, I think.',
        likes: ['elena_v'],
      },
      {
        author: 'tomas_h',
        body: 'It flopped on release because E.T. came out two weeks earlier. Audiences wanted the friendly alien that summer.',
        likes: ['elena_v', 'noor', 'margot'],
      },
      {
        author: 'elena_v',
        body: 'Which is the funniest piece of film trivia I know. @tomas_h the poor thing never stood a chance.',
        quotes: 1,
      },
    ],
  },
  {
    category: 'reviews',
    author: 'gracek',
    title: 'Past Lives understands the ones we did not choose',
    film: { title: 'Past Lives', year: 2023, rating: 9 },
    tags: ['romance', 'drama'],
    daysAgo: 20,
    body: `As someone who moved countries as a kid, **Past Lives** hit harder than I expected.

Nora and Hae Sung reconnect across twenty-four years and two continents, and the film never turns it into a love triangle. Arthur, the husband, is kind and curious and the script lets him be.

The last scene, two people waiting for a car in silence, then a walk back down the street, is one of the best endings I have seen in a cinema.`,
    likes: ['aiko', 'margot', 'finn_oc'],
    replies: [
      {
        author: 'aiko',
        body: 'The concept of *in-yun* is going to stay with me. Such a gentle film.',
        likes: ['gracek'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'finn_oc',
    title: 'Everything Everywhere All at Once is a lot, and it is lovely',
    film: { title: 'Everything Everywhere All at Once', year: 2022, rating: 8 },
    tags: ['sci-fi', 'comedy', 'a24'],
    daysAgo: 18,
    body: `This film has hot-dog fingers, a bagel containing everything, and a fight scene with two trophies, and somehow the thing I remember is a conversation between two rocks.

Michelle Yeoh is incredible, but Ke Huy Quan walked away with the film. *"Please, be kind. Especially when we don't know what's going on."*

It is exhausting in places and a little too long. An eight, and a cry.`,
    likes: ['gracek', 'samwatches'],
    replies: [
      {
        author: 'gracek',
        body: 'The rocks scene. Completely silent cinema and I was sobbing.',
        likes: ['finn_oc', 'aiko'],
      },
      {
        author: 'lucas_b',
        body: 'I found it too busy the first time and loved it the second. It rewards a rewatch.',
      },
    ],
  },
  {
    category: 'reviews',
    author: 'samwatches',
    title: 'Dune: Part Two looks incredible, feels a bit cold',
    film: { title: 'Dune: Part Two', year: 2024, rating: 6 },
    tags: ['sci-fi', 'villeneuve', 'imax'],
    daysAgo: 16,
    body: `Saw it in IMAX. The sandworm ride is the most spectacular thing I have seen in a cinema in years, and the black-and-white arena sequence is stunning.

But I kept admiring it rather than feeling it. Paul's turn makes sense on paper and lands a bit abruptly on screen.

A solid six from me.`,
    edit: {
      rating: 7,
      body: `Saw it in IMAX. The sandworm ride is the most spectacular thing I have seen in a cinema in years, and the black-and-white arena sequence is stunning.

But I kept admiring it rather than feeling it. Paul's turn makes sense on paper and lands a bit abruptly on screen.

**Edit:** went back a second time after reading the replies here, and Zendaya's final scene works much better when you know it is coming. Bumping it to a seven.`,
    },
    likes: ['finn_oc', 'noor'],
    replies: [
      {
        author: 'noor',
        body: 'Chani is the heart of the film: watch her face in the last scene again. The whole point is that she sees what he is becoming.',
        likes: ['samwatches', 'gracek'],
      },
      {
        author: 'finn_oc',
        body: 'Honestly the ending surprised me too: Paul takes the throne, marries the princess and Chani walks off alone into the desert.',
        likes: ['elena_v'],
      },
      {
        author: 'samwatches',
        body: 'Fair points both. @noor I might go back for a second look.',
        quotes: 0,
      },
    ],
  },
  {
    category: 'reviews',
    author: 'tomas_h',
    title: 'Children of Men and the art of the long take',
    film: { title: 'Children of Men', year: 2006, rating: 9 },
    tags: ['sci-fi', 'cuaron', 'long-take'],
    daysAgo: 14,
    body: `Everyone talks about the car ambush and the battle in Bexhill, and they are right to: both are staggering pieces of choreography where the camera seems to be trapped in the scene with the characters.

But the film's greatest trick is how *lived-in* its near future is. Newspapers, graffiti, background radio, cages at train stations: Cuarón never stops to explain, he just lets you overhear the world ending.

And there is the blood on the lens that nobody called cut on. A nine.`,
    likes: ['priya_reels', 'noor', 'lucas_b'],
    replies: [
      {
        author: 'priya_reels',
        body: 'Some of those "single takes" are several takes stitched invisibly. Which makes them even more impressive to me, not less.',
        likes: ['tomas_h', 'aiko'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'lucas_b',
    title: 'Amélie: too sweet? Maybe. Still charming.',
    film: { title: 'Amélie', year: 2001, rating: 7 },
    tags: ['france', 'comedy', 'romance'],
    daysAgo: 12,
    body: `Rewatched **Amélie** for the first time since I was a teenager. The green-and-red Montmartre is as gorgeous as I remembered, and Yann Tiersen's accordion is still irresistible.

As an adult I find the Paris it shows a little *too* tidy, and the whimsy occasionally tips into smug. But the small pleasures list (cracking crème brûlée, skipping stones, dipping your hand into a sack of grain) is pure joy.

Seven out of ten and a sudden urge to go to a fairground.`,
    likes: ['margot', 'gracek'],
    replies: [
      {
        author: 'margot',
        body: 'The garden gnome travelling the world is one of the great subplots of all time.',
        likes: ['lucas_b', 'samwatches'],
      },
    ],
  },
  {
    category: 'reviews',
    author: 'noor',
    title: 'Stalker: three men, one room, no answers',
    film: { title: 'Stalker', year: 1979, rating: 9 },
    tags: ['tarkovsky', 'slow-cinema'],
    daysAgo: 10,
    body: `**Stalker** is not an easy film and does not want to be. Long takes of water over moss, a trolley ride that lasts minutes, conversations that loop back on themselves.

But if you let it, it becomes hypnotic. The Zone is just a field and some ruins, and Tarkovsky makes it feel more dangerous than any monster.

Go in rested, with no phone nearby. You will come out changed, or asleep, and both are valid.`,
    likes: ['tomas_h', 'margot'],
    replies: [
      {
        author: 'finn_oc',
        body: 'I was the "asleep" one. Trying again this weekend with coffee.',
        likes: ['noor', 'samwatches'],
      },
      {
        author: 'noor',
        body: 'That is the spirit! The dog will be waiting for you.',
        quotes: 0,
      },
    ],
  },
  {
    category: 'reviews',
    author: 'priya_reels',
    title: 'Oppenheimer: three hours that cut like one',
    film: { title: 'Oppenheimer', year: 2023, rating: 8 },
    tags: ['nolan', 'biopic', 'imax'],
    daysAgo: 8,
    body: `From an editor's chair, **Oppenheimer** is remarkable. Three timelines, colour and black and white, hearing rooms and deserts, and Jennifer Lame keeps it all moving like a thriller.

The Trinity test sequence, with its silence before the sound arrives, is one of the best uses of sound design I have heard in years.

It is exhausting, and the last hour of hearings is a lot of men in rooms. But I never once checked my watch.`,
    likes: ['tomas_h', 'samwatches', 'lucas_b'],
    replies: [
      {
        author: 'tomas_h',
        body: 'Seeing it on 70 mm film was a reminder of why I loved projecting. The reels for this one weighed as much as a person.',
        likes: ['priya_reels', 'margot'],
      },
    ],
  },
];
