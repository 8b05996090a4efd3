import { Modal } from '@mantine/core';
import { useOpenedAfterMount } from '../../components/use-opened-after-mount';
import { ReportForm } from '../../components/report-form';
import { useReportContent, type ReportTarget } from './api/report-content';

function ContentReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const report = useReportContent();
  return (
    <ReportForm
      send={(body) => report.mutateAsync({ target, report: body })}
      pending={report.isPending}
      onDone={onDone}
    />
  );
}

interface ReportDialogProps {
  target: ReportTarget;
  /** "this post", "this reply": names the dialog. */
  what: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks what is wrong; the report goes to the moderators' queue. Loaded on the first opening of
 * a report button, so visitors and readers who never report download none of it. The form is
 * mounted only while the dialog is open: a long thread has one report button per reply.
 */
export function ReportDialog({ target, what, opened, onClose }: ReportDialogProps) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={`Report ${what}`}>
      {shown && <ContentReportForm target={target} onDone={onClose} />}
    </Modal>
  );
}
