/*
 * What the rest of the app uses of chat: the live channel, which the layout keeps open for a
 * signed-in member, and the unread count beside the navigation's Chat link.
 */
export { ChatLiveChannel, ChatUnreadBadge } from './chat-nav';
