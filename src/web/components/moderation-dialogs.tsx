import { NativeSelect, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AppModal, DialogButtons } from './app-modal';
import { ReasonDialog } from './reason-dialog';

/** The dialogs a moderation action opens before it runs. */
export type ModerationDialog = 'hide' | 'purge' | 'move';

type CategoryChoice = { id: number; name: string; archived: boolean };

interface MoveFormProps {
  categories: readonly CategoryChoice[];
  currentId: number | null;
  busy: boolean;
  onSubmit: (categoryId: number) => void;
  onCancel: () => void;
}

/** Open categories other than the thread's own; archived ones take no threads. */
function MoveForm({ categories, currentId, busy, onSubmit, onCancel }: MoveFormProps) {
  const choices = categories.filter((category) => !category.archived && category.id !== currentId);
  const form = useForm({
    initialValues: { categoryId: '' },
    validate: { categoryId: (value) => (value === '' ? 'Choose a category' : null) },
  });
  return (
    <form onSubmit={form.onSubmit(({ categoryId }) => onSubmit(Number(categoryId)))} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Move to"
          required
          data={[
            { value: '', label: 'Choose a category' },
            ...choices.map((category) => ({ value: String(category.id), label: category.name })),
          ]}
          {...form.getInputProps('categoryId')}
        />
        <DialogButtons onCancel={onCancel} busy={busy} submitLabel="Move thread" />
      </Stack>
    </form>
  );
}

interface ModerationDialogsProps {
  /** The open dialog, or null. */
  dialog: ModerationDialog | null;
  onClose: () => void;
  /** "this post", "the reply by Ann": names the dialogs. */
  what: string;
  /** Where a thread may move, and where it is now. */
  categories: readonly CategoryChoice[] | undefined;
  categoryId: number | null;
  busy: boolean;
  /** Hides with the reason; rejects with the server's refusal. */
  onHide: (reason: string) => Promise<void>;
  /** Asks the danger confirmation for a purge with this reason. */
  onPurge: (reason: string) => void;
  onMove: (categoryId: number) => void;
}

/** Hide and purge ask for a reason (the author sees it on hidden content); move asks where. */
export function ModerationDialogs(props: ModerationDialogsProps) {
  const { dialog, onClose, what, categories } = props;
  const failureTitle = 'The moderation action failed';
  return (
    <>
      <ReasonDialog
        opened={dialog === 'hide'}
        onClose={onClose}
        title={`Hide ${what}`}
        hint="The content is hidden from everyone but its author and moderators. The author sees your reason."
        submitLabel="Hide"
        failureTitle={failureTitle}
        onSubmit={props.onHide}
      />
      <ReasonDialog
        opened={dialog === 'purge'}
        onClose={onClose}
        title={`Purge ${what}`}
        hint="Purging removes the content for good. The reason goes to the audit log."
        submitLabel="Continue"
        color="red"
        failureTitle={failureTitle}
        onSubmit={props.onPurge}
      />
      <AppModal
        opened={dialog === 'move' && categories !== undefined}
        onClose={onClose}
        title="Move thread"
      >
        {categories && (
          <MoveForm
            categories={categories}
            currentId={props.categoryId}
            busy={props.busy}
            onSubmit={props.onMove}
            onCancel={onClose}
          />
        )}
      </AppModal>
    </>
  );
}
