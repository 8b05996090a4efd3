import { IconFlag } from '../../components/icons';
import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from './api/report-content';
import { ActionButton } from './action-button';
import type { SignInGate } from '../../components/use-sign-in-gate';

const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

interface ReportButtonProps {
  target: ReportTarget;
  /** "this post", "this reply": for the button's accessible name and the dialog. */
  what: string;
  gate: SignInGate;
}

/**
 * A button that asks what is wrong in a dialog. The dialog's code (a form, its checks) loads on
 * the first press by a signed-in member; a visitor's press leads to sign-in instead.
 */
export function ReportButton({ target, what, gate }: ReportButtonProps) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <ActionButton
        icon={IconFlag}
        label={`Report ${what}`}
        onClick={() => {
          if (!gate()) return;
          setWanted(true);
          setOpened(true);
        }}
      >
        Report
      </ActionButton>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            what={what}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
