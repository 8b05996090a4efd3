import { describe, expect, it } from 'vitest';
import {
  availableActions,
  mayEditContent,
  rankOfAuthor,
  type ModeratedItem,
} from './moderation-actions';

const thread: ModeratedItem = {
  type: 'post',
  postId: 1,
  commentId: null,
  hidden: null,
  locked: false,
  pinned: false,
  deleted: false,
  categoryId: 2,
};
const reply: ModeratedItem = { ...thread, type: 'comment', commentId: 10, categoryId: null };

const admin = { id: 'a1', role: 'admin' };
const otherAdmin = { id: 'a2', role: 'admin' };
const experienced = { id: 'e1', role: 'experienced_moderator' };
const moderator = { id: 'm1', role: 'moderator' };
const otherModerator = { id: 'm2', role: 'moderator' };
const member = { id: 'u1', role: 'user' };

describe('availableActions', () => {
  it('offers a moderator nothing on an admin’s thread', () => {
    expect(availableActions(thread, moderator, admin)).toEqual([]);
    expect(availableActions(thread, moderator, admin, true)).toEqual([]);
  });

  it('offers nothing on the content of an equal rank, one’s own included', () => {
    expect(availableActions(thread, moderator, otherModerator)).toEqual([]);
    expect(availableActions(reply, moderator, moderator)).toEqual([]);
    expect(availableActions(thread, experienced, experienced)).toEqual([]);
  });

  it('offers an admin every action on anyone’s content, another admin’s and their own', () => {
    const all = ['hide', 'lock', 'pin', 'move', 'purge'];
    expect(availableActions(thread, admin, otherAdmin)).toEqual(all);
    expect(availableActions(thread, admin, admin)).toEqual(all);
    expect(availableActions(thread, admin, member)).toEqual(all);
  });

  it('offers a moderator the actions of their rank on a member’s content', () => {
    expect(availableActions(thread, moderator, member, true)).toEqual([
      'dismiss',
      'hide',
      'lock',
      'pin',
      'move',
    ]);
    expect(availableActions({ ...reply, hidden: { reason: 'x' } }, experienced, moderator)).toEqual(
      ['restore', 'purge'],
    );
  });

  it('treats the content of a deleted account as nobody’s', () => {
    const deleted = rankOfAuthor({
      id: 'gone',
      username: null,
      name: 'deleted user',
      image: null,
      role: null,
    });
    expect(deleted).toBeNull();
    expect(availableActions(reply, moderator, deleted)).toEqual(['hide']);
  });

  it('offers nothing to a member or a signed-out visitor', () => {
    expect(availableActions(thread, member, { id: 'u2', role: 'user' })).toEqual([]);
    expect(availableActions(thread, null, member)).toEqual([]);
  });
});

describe('mayEditContent', () => {
  it('lets experienced moderators edit lower ranks only, and admins anyone', () => {
    expect(mayEditContent(experienced, moderator)).toBe(true);
    expect(mayEditContent(experienced, admin)).toBe(false);
    expect(mayEditContent(moderator, member)).toBe(false);
    expect(mayEditContent(admin, otherAdmin)).toBe(true);
  });
});
