import { Group, Popover, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { useMemberSuggestions, type SuggestedMember } from '../api/suggest-members';
import { UserAvatar } from './user-avatar';
import { useViewer } from './use-viewer';

/** Long enough to skip the letters of a fast typist, short enough to feel immediate. */
export const MENTION_DEBOUNCE_MS = 150;

/** An `@` at a word's start (not inside an e-mail address) and the username letters after it. */
const typedBefore = /(?:^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{1,20})$/;
const wordAfter = /^[A-Za-z0-9_]*/;

interface TypedMention {
  /** Where the `@` is. */
  start: number;
  /** Where the typed word ends: a name is replaced whole, even with the caret inside it. */
  end: number;
  prefix: string;
}

function typedMention(value: string, caret: number | null): TypedMention | null {
  if (caret === null) return null;
  const match = typedBefore.exec(value.slice(0, caret));
  const prefix = match?.[1];
  if (prefix === undefined) return null;
  const rest = wordAfter.exec(value.slice(caret))?.[0] ?? '';
  return { start: caret - prefix.length - 1, end: caret + rest.length, prefix };
}

interface MentionOptions {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  textarea: React.RefObject<HTMLTextAreaElement | null>;
  /** Where the list opens: under the editor, or above a message box at the foot of the page. */
  position?: 'bottom-start' | 'top-start';
}

/**
 * `@` autocomplete for a textarea (the forum's editor, chat's message box): after an `@` and a
 * letter, members whose username starts with what was typed are offered in a listbox. Arrow
 * keys move through them, Enter or Tab puts `@username ` in place of the typed letters, Escape
 * closes the list; a key the list takes is `preventDefault`ed, so the textarea's own handler
 * (chat's Enter to send) can leave it alone. The textarea stays a textbox (a form's field) that
 * points at the active option. Visitors fetch nothing.
 */
export function useMentionAutocomplete({
  value,
  onChange,
  onBlur,
  textarea,
  position = 'bottom-start',
}: MentionOptions) {
  const viewer = useViewer();
  const signedIn = viewer !== null && viewer !== undefined;
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ prefix: '', index: 0 });
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();

  const mention = signedIn ? typedMention(value, caret) : null;
  // Escape closes the list for that one `@`; once it is gone, the next `@` offers names again.
  if (mention === null && dismissedAt !== null) setDismissedAt(null);
  const prefix = mention?.prefix ?? '';
  const [debounced] = useDebouncedValue(prefix, MENTION_DEBOUNCE_MS);
  const suggestions = useMemberSuggestions(debounced, mention !== null && debounced !== '');
  // An answer for fewer letters stays shown while the next one loads, narrowed to what fits.
  const members = (suggestions.data ?? []).filter((member) =>
    member.username.toLowerCase().startsWith(prefix.toLowerCase()),
  );
  const open = mention !== null && mention.start !== dismissedAt && members.length > 0;
  const index = active.prefix === prefix ? Math.min(active.index, members.length - 1) : 0;
  const optionId = (at: number) => `${listId}-${at}`;

  // After an insertion, the caret goes after the name, once the new text is in the textarea.
  useLayoutEffect(() => {
    const position = pendingCaret.current;
    if (position === null) return;
    pendingCaret.current = null;
    textarea.current?.setSelectionRange(position, position);
  }, [textarea, value]);

  const choose = (member: SuggestedMember) => {
    if (!mention) return;
    const text = `@${member.username} `;
    const position = mention.start + text.length;
    pendingCaret.current = position;
    setCaret(position);
    onChange(value.slice(0, mention.start) + text + value.slice(mention.end));
  };

  const readCaret = (event: { currentTarget: HTMLTextAreaElement }) =>
    setCaret(event.currentTarget.selectionStart);

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !mention || event.nativeEvent.isComposing) return;
    const move = (step: number) =>
      setActive({ prefix, index: (index + step + members.length) % members.length });
    const chosen = members[index];
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if ((event.key === 'Enter' || event.key === 'Tab') && chosen) choose(chosen);
    else if (event.key === 'Escape') setDismissedAt(mention.start);
    else return;
    event.preventDefault();
  };

  const textareaProps = {
    onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => {
      onChange(event.currentTarget.value);
      readCaret(event);
    },
    onKeyDown,
    onKeyUp: readCaret,
    onClick: readCaret,
    onBlur: () => {
      setCaret(null);
      onBlur?.();
    },
    'aria-autocomplete': signedIn ? ('list' as const) : undefined,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(index) : undefined,
    // Escape closes the list, not a dialog the editor sits in (Mantine's modals read this).
    'data-mantine-stop-propagation': open || undefined,
  };

  const suggestionList = (target: ReactElement) => (
    <>
      <Popover
        opened={open}
        onClose={() => mention && setDismissedAt(mention.start)}
        position={position}
        width={300}
        shadow="md"
        withRoles={false}
        trapFocus={false}
        returnFocus={false}
        closeOnEscape={false}
      >
        <Popover.Target>{target}</Popover.Target>
        <Popover.Dropdown p={4}>
          <div role="listbox" id={listId} aria-label="Members to mention">
            {members.map((member, at) => (
              <Group
                key={member.username}
                id={optionId(at)}
                role="option"
                aria-selected={at === index}
                gap="xs"
                wrap="nowrap"
                px="xs"
                py={6}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  cursor: 'pointer',
                  background: at === index ? 'var(--mantine-primary-color-light)' : undefined,
                }}
                // The textarea keeps focus (and its caret) while an option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(member)}
              >
                <UserAvatar author={member} size={24} />
                <Text size="sm" truncate>
                  {member.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  @{member.username}
                </Text>
              </Group>
            ))}
          </div>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden role="status">
        {open ? `${members.length} ${members.length === 1 ? 'member' : 'members'} to mention` : ''}
      </VisuallyHidden>
    </>
  );

  return { textareaProps, suggestionList };
}
