import { Box, Group, Tabs, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { usePreviewMarkdown } from '../api/preview-markdown';
import { ImageUploadButton, imageMarkdown } from './image-upload-button';
import { RenderedMarkdown } from './rendered-markdown';
import { LoadError, LoadingStatus } from './query-list';
import { useMentionAutocomplete } from './mention-autocomplete';

/** Long enough to let a typing burst finish, short enough to feel live. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Characters allowed (the shared schema's limit). */
  maxLength: number;
  error?: React.ReactNode;
  onBlur?: () => void;
  placeholder?: string;
  minRows?: number;
  required?: boolean;
  /** The field's name: what was typed into it before the app started is kept by it. */
  name?: string;
  /** Lets a parent (the reply composer's "Quote") focus the text. */
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
}

function Preview({ source }: { source: string }) {
  const preview = usePreviewMarkdown();
  const [debounced] = useDebouncedValue(source, PREVIEW_DEBOUNCE_MS);
  const { mutate } = preview;

  useEffect(() => {
    if (debounced.trim() !== '') mutate(debounced);
  }, [debounced, mutate]);

  if (source.trim() === '') return <Text c="dimmed">Nothing to preview yet.</Text>;
  if (preview.isError) {
    return <LoadError title="Could not render the preview" error={preview.error} />;
  }
  if (preview.data === undefined) return <LoadingStatus label="Rendering the preview" />;
  return <RenderedMarkdown html={preview.data} aria-busy={preview.isPending} />;
}

/**
 * Markdown text with Write and Preview tabs. The preview comes from the server's renderer, so
 * what you see is what will be published; images are uploaded and inserted at the cursor.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { label, value, onChange, maxLength, error, onBlur, placeholder, required } = props;
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textarea = props.textareaRef ?? ownRef;
  const [tab, setTab] = useState<string | null>('write');
  const mention = useMentionAutocomplete({ value, onChange, onBlur, textarea });

  const insertAtCursor = (snippet: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const before = value.slice(0, start);
    // An image reads best on a line of its own.
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    const inserted = `${lead}${snippet}\n`;
    onChange(before + inserted + value.slice(end));
    setTab('write');
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + inserted.length, start + inserted.length);
    });
  };

  const over = value.length > maxLength;
  const counter = (
    <Text span size="xs" c={over ? 'red' : 'dimmed'}>
      {value.length.toLocaleString()} / {maxLength.toLocaleString()} characters
    </Text>
  );

  return (
    <Box>
      <Tabs value={tab} onChange={setTab} keepMountedMode="display-none">
        <Group justify="space-between" align="flex-end" gap="xs" mb="xs">
          <Tabs.List aria-label={`${label}: write or preview`}>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <ImageUploadButton
            label="Add image"
            fileLabel="Image file"
            failureTitle="Could not upload the image"
            onUploaded={({ url }, file) => insertAtCursor(imageMarkdown(file.name, url))}
          />
        </Group>
        <Tabs.Panel value="write">
          {mention.suggestionList(
            <Textarea
              ref={textarea}
              name={props.name}
              label={label}
              required={required}
              value={value}
              {...mention.textareaProps}
              error={error}
              placeholder={placeholder}
              description={counter}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autosize
              minRows={props.minRows ?? 6}
              maxRows={24}
            />,
          )}
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <Box mih={120} py="xs">
            {tab === 'preview' && <Preview source={value} />}
          </Box>
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
