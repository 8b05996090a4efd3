import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowBackUp,
  IconDots,
  IconEdit,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconTrash,
} from '../../components/icons';
import type { ChatMessage } from '../../../shared/chat';
import { can } from '../../../shared/permissions';
import { mayActOnContent } from '../../../shared/rank';
import type { ChatViewer } from './message-row';

/** What a message's menu can ask of its room; one identity-stable object for every row. */
export interface MessageActions {
  like: (message: ChatMessage, react: boolean) => void;
  reply: (message: ChatMessage) => void;
  remove: (message: ChatMessage) => void;
  report: (message: ChatMessage) => void;
  hide: (message: ChatMessage) => void;
  restore: (message: ChatMessage) => void;
}

interface MessageMenuProps {
  message: ChatMessage;
  viewer: ChatViewer;
  own: boolean;
  canPost: boolean;
  actions: MessageActions;
  onEdit: () => void;
}

/**
 * Reply, edit and delete one's own, report others'; moderators hide and restore what the rank
 * rules let them (the server checks the same rules).
 */
export function MessageMenu({ message, viewer, own, canPost, actions, onEdit }: MessageMenuProps) {
  const moderates =
    can(viewer.role, 'content.moderate') && !own && mayActOnContent(viewer, message.author);
  const what = `the message by ${message.author.name}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${what}`}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canPost && !message.hidden && (
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => actions.reply(message)}
          >
            Reply
          </Menu.Item>
        )}
        {own && (
          <>
            {/* A message a moderator hid cannot be edited back into sight; it can be deleted. */}
            {!message.hidden && (
              <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
                Edit
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => actions.remove(message)}
            >
              Delete
            </Menu.Item>
          </>
        )}
        {!own && (
          <Menu.Item
            leftSection={<IconFlag size={16} aria-hidden />}
            onClick={() => actions.report(message)}
          >
            Report
          </Menu.Item>
        )}
        {moderates &&
          (message.hidden ? (
            <Menu.Item
              leftSection={<IconEye size={16} aria-hidden />}
              onClick={() => actions.restore(message)}
            >
              Restore
            </Menu.Item>
          ) : (
            <Menu.Item
              color="red"
              leftSection={<IconEyeOff size={16} aria-hidden />}
              onClick={() => actions.hide(message)}
            >
              Hide
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
