import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { CONTRACT_REQUEST_FIELD, CONTRACT_ROUTE, type ContractKind } from '@panalo/contract/contract-terms';
import { ConfirmDialog } from '../../../app/layout/confirm-dialog';
import { loadCatalogues } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { getContractRequests, type ContractRequests } from '../api/contracts';

/** The order of spec §6: daily salary, dividend, hourly salary. */
const ORDER: ContractKind[] = ['daily_salary', 'dividend', 'hourly_salary'];
const DISMISSED = 'contractPromptDismissed';

function dismissed(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** The first waiting offer not yet dismissed in this visit (AGENT-029: a non-empty field is pending). */
export function firstPending(reply: ContractRequests, skip: readonly string[]) {
  for (const kind of ORDER) {
    const id = reply[CONTRACT_REQUEST_FIELD[kind]];
    if (id !== '' && !skip.includes(id)) return { kind, id };
  }
  return null;
}

/** Whether another modal dialog (home's announcement pop-up, say) is open: the prompt waits for it. */
const otherDialogOpen = () =>
  document.querySelector('[aria-modal="true"]:not([data-testid="contract-prompt"])') !== null;
function watchDialogs(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-modal'],
  });
  return () => observer.disconnect();
}

/**
 * Spec §6 (AGENT-030, AGENT-031): an offer waits → a prompt with cancel and go; go opens the kind's
 * contract screen. Cancel hides that offer for the rest of the visit (the contract screen still shows it).
 */
export function ContractPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ kind: ContractKind; id: string } | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    void Promise.all([getContractRequests(ac.signal), loadCatalogues(['contracts'])]).then(
      ([reply]) => setPending(firstPending(reply, dismissed())),
      () => undefined, // no prompt: the contract screens still list the offer
    );
    return () => ac.abort();
  }, []);
  const otherOpen = useSyncExternalStore(watchDialogs, otherDialogOpen, () => false);
  if (!pending || otherOpen) return null;
  const close = () => {
    sessionStorage.setItem(DISMISSED, JSON.stringify([...dismissed(), pending.id]));
    setPending(null);
  };
  return (
    <ConfirmDialog
      open
      title={t('contracts.prompt.title')}
      body={t('contracts.prompt.body', { kind: t(`contracts.kind.${pending.kind}`) })}
      okLabel={t('contracts.prompt.go')}
      cancelLabel={t('contracts.prompt.cancel')}
      onOk={() => {
        close();
        void navigate(CONTRACT_ROUTE[pending.kind]);
      }}
      onCancel={close}
      testId="contract-prompt"
    />
  );
}
