import { ReasonDialog } from '../../components/reason-dialog';
import { showSuccess } from '../../shell/server-errors';
import { useDecideModRequest } from './api/decide-mod-request';
import type { ModRequestWithHistory } from './api/get-mod-requests';

interface RejectModRequestModalProps {
  /** Kept after closing so the exit transition still has its text. */
  request: ModRequestWithHistory | null;
  opened: boolean;
  onClose: () => void;
}

/** Asks for the reason a request is turned down. */
export function RejectModRequestModal({ request, opened, onClose }: RejectModRequestModalProps) {
  const decide = useDecideModRequest();
  const name = request?.requester.name ?? 'The member';

  const reject = async (reason: string) => {
    if (!request) return;
    await decide.mutateAsync({ id: request.id, decision: 'reject', reason });
    showSuccess('Request rejected', `${request.requester.name} will be told why.`);
  };

  return (
    <ReasonDialog
      opened={opened && request !== null}
      onClose={onClose}
      title={request ? `Reject ${request.requester.name}’s request` : 'Reject request'}
      hint={`${name} sees this reason on their profile and in an email.`}
      submitLabel="Reject request"
      color="red"
      failureTitle="Could not reject the request"
      onSubmit={reject}
    />
  );
}
