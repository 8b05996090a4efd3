import { AppModal } from '../../components/app-modal';
import { ReportForm } from '../../components/report-form';
import { useReportMessage } from './api/report-message';

function MessageReportForm({ messageId, onDone }: { messageId: number; onDone: () => void }) {
  const report = useReportMessage();
  return (
    <ReportForm
      send={(body) => report.mutateAsync({ messageId, report: body })}
      pending={report.isPending}
      onDone={onDone}
    />
  );
}

interface ReportDialogProps {
  /** The message reported; null while the dialog is closed. */
  message: { id: number; authorName: string } | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks what is wrong with a message; the report goes to the moderators' queue. The same
 * questions as the forum's report (one shared schema); loaded on the first report.
 */
export default function ReportDialog({ message, opened, onClose }: ReportDialogProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={`Report the message by ${message?.authorName ?? ''}`}
    >
      {message && <MessageReportForm key={message.id} messageId={message.id} onDone={onClose} />}
    </AppModal>
  );
}
