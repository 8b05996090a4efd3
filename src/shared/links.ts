/**
 * Where the site shows a piece of content, for every link to it from elsewhere (a notification,
 * a search result, a member's own reports).
 */

/** A thread, or one of its replies: a news article's discussion is shown beside the article. */
export function threadLink(
  thread: { postId: number; articleId: number | null },
  replyId: number | null = null,
): string {
  const reply = replyId === null ? '' : `?reply=${replyId}`;
  return thread.articleId === null
    ? `/forum/post/${thread.postId}${reply}`
    : `/news/${thread.articleId}${reply}`;
}

/** A chat message: its room, opened at the message. */
export const chatMessageLink = (roomId: number, messageId: number) =>
  `/chat?room=${roomId}&message=${messageId}`;

/** A member's public profile. */
export const profileLink = (username: string) => `/u/${encodeURIComponent(username)}`;
