import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/platform/db/database';
import { insertCast, type CastMember } from './cast';
import { cast, reportedThread, seedModerationCast } from './moderation-seed';

/** A thread whose words are long enough to test wrapping on a phone. */
export const longWordsThread = {
  title: 'Antidisestablishmentarianism-and-other-unbreakable-words in Kieślowski’s Dekalog',
};

export const newsArticle = { title: 'Festival season: what to watch this autumn' };

/**
 * The long-worded thread's film, with a title as long as real ones get; and a pair of films
 * the duplicates list offers (the same title, a year apart).
 */
export const reviewedFilm = {
  title: 'Dekalog: The Ten Commandments of a Warsaw Housing Estate, Complete and Restored',
  year: 1989,
};
export const duplicateFilm = { title: 'Three Colours: Blue', years: [1993, 1994] };

/**
 * A moderator whose display name is as long as the form allows, with an emoji in it: the
 * header's account menu, their thread, their profile and the audit log's entries of what they
 * did must make room for it at every width.
 */
export const longNamed: CastMember = {
  name: 'Maximiliana Fernández-Castellanos 🎬 de la Vega',
  username: 'maximiliana',
  email: 'maximiliana@example.test',
  password: 'maximiliana-lantern-orchard-51',
  role: 'moderator',
};

export const longNamedThread = { title: 'Notes from a long weekend of Bergman' };

/* Reasons as long as moderators write them: they take a table's room from the names beside. */
const moveReason =
  'It asks what to watch next: Recommendations is where members look for those questions, and where it will find its answers';
const hideReason =
  'An advert for a shop with a link to it, posted in three threads the same afternoon by an account made that morning';

/** What the long-named member has not read in the Festival news room: the Chat link's badge. */
export const unreadChat = 14;

/**
 * The moderation cast and their reported thread, plus what makes every page show content: an
 * edit (so the thread has a history), a reply, a long-worded thread with tags and a rating, a
 * published news article, an open moderator request and an open report; and a member with a
 * long name, their thread and chat messages they have not read.
 */
export async function seedResponsiveSite(dataDir: string): Promise<void> {
  await seedModerationCast(dataDir);
  const database = await openPglite(path.join(dataDir, 'db'));
  const idOf = (username: string) => sql`(select id from users where username = ${username})`;
  try {
    const db = database.db;
    await db.execute(sql`
      update posts set edited_at = now() where title = ${reportedThread.title}`);
    await db.execute(sql`
      insert into post_revisions (post_id, editor_id, previous_title, previous_body)
      select id, author_id, 'Cheap posters', 'An earlier version of the advert.'
      from posts where title = ${reportedThread.title}`);
    await db.execute(sql`
      insert into comments (post_id, author_id, body_source, body_html)
      select id, ${idOf(cast.user.username)}, 'Please do not advertise here.',
             '<p>Please do not advertise here.</p>'
      from posts where title = ${reportedThread.title}`);
    await db.execute(sql`
      update posts set reply_count = 1 where title = ${reportedThread.title}`);
    await db.execute(sql`
      insert into reports (post_id, reporter_id, category, reason)
      select id, ${idOf(cast.user.username)}, 'spam', 'An advert for a shop'
      from posts where title = ${reportedThread.title}`);
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html, tags, film_title,
                         rating)
      select id, ${idOf(cast.author.username)}, ${longWordsThread.title},
             'https://example.test/a/very/long/address/that/does/not/break/anywhere/at/all/ok',
             '<p>https://example.test/a/very/long/address/that/does/not/break/anywhere/at/all/ok</p>',
             array['kieslowski', 'dekalog', 'polish-cinema'], 'Dekalog', 9
      from categories where slug = 'reviews'`);
    // Its film: the posts trigger counts the review once it names the film.
    await db.execute(sql`
      insert into films (title, year, director, original_title)
      values (${reviewedFilm.title}, ${reviewedFilm.year}, 'Krzysztof Kieślowski', 'Dekalog')`);
    await db.execute(sql`
      update posts set film_id = (select id from films where title = ${reviewedFilm.title}),
                       film_title = ${reviewedFilm.title}
      where title = ${longWordsThread.title}`);
    for (const year of duplicateFilm.years) {
      await db.execute(
        sql`insert into films (title, year) values (${duplicateFilm.title}, ${year})`,
      );
    }
    await db.execute(sql`
      insert into news_articles (author_id, title, summary, body_source, body_html, status,
                                 publish_at, featured)
      values (${idOf(cast.admin.username)}, ${newsArticle.title},
              'Our picks from the festivals, with dates and where to see them.',
              'The festivals are back.', '<p>The festivals are back.</p>', 'published',
              now() - interval '1 day', true)`);
    // Older than the cast, so only the long-named member (older still) has chat unread.
    await insertCast(db, [longNamed]);
    await db.execute(sql`
      update users set created_at = now() - interval '20 days'
      where username = ${longNamed.username}`);
    await db.execute(sql`
      insert into posts (category_id, author_id, title, body_source, body_html)
      select id, ${idOf(longNamed.username)}, ${longNamedThread.title},
             'Persona, then Cries and Whispers, then Fanny and Alexander.',
             '<p>Persona, then Cries and Whispers, then Fanny and Alexander.</p>'
      from categories where slug = 'discussions'`);
    // What the long-named moderator did, as the audit log keeps it.
    await db.execute(sql`
      insert into audit_log (actor_id, action, target_type, target_id, target_label, reason,
                             before, after)
      select ${idOf(longNamed.username)}, 'post.move', 'post', id::text, title,
             ${moveReason}, ${JSON.stringify({ categoryName: 'Discussions' })}::jsonb,
             ${JSON.stringify({ categoryName: 'Recommendations' })}::jsonb
      from posts where title = ${longNamedThread.title}`);
    await db.execute(sql`
      insert into audit_log (actor_id, action, target_type, target_id, target_label, reason)
      select ${idOf(longNamed.username)}, 'post.hide', 'post', id::text, title,
             ${hideReason}
      from posts where title = ${reportedThread.title}`);
    await db.execute(sql`
      insert into chat_rooms (name, topic) values ('Festival news', 'Dates, line-ups, tickets')`);
    await db.execute(sql`
      insert into chat_messages (room_id, author_id, nonce, body_source, body_html, created_at)
      select r.id, ${idOf(cast.author.username)}, 'festival-' || n,
             'Festival note number ' || n, '<p>Festival note number ' || n || '</p>',
             now() - interval '15 days' + make_interval(mins => n)
      from generate_series(1, ${unreadChat}) as n, chat_rooms r where r.name = 'Festival news'`);
    await db.execute(sql`
      insert into mod_requests (user_id, motivation)
      values (${idOf(cast.user.username)},
              'I have been reviewing films here for years and want to keep the forum kind.')`);
  } finally {
    await database.close();
  }
}
