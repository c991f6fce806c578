import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCurrency } from '@panalo/contract/money';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { formatTime } from '../../../lib/format';
import type { DailyClose } from '../api/get-close';
import { useSignClose } from '../api/sign-close';

/**
 * "Sign the day" and its question (`DecisionModal`: no reason, one Idempotency-Key per intent). A
 * refusal (`close_sign_maker`, `close_signed`, `close_broken`) shows in the dialog in the staff member's
 * words; a signature shows who signed, in a notice and in the day's facts.
 */
export function SignClose({ close }: { close: DailyClose }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const { sign, settle } = useSignClose();
  return (
    <>
      <Button onClick={() => setAsking(true)} data-testid="close-sign">
        {t('dailyClose.sign.button')}
      </Button>
      <DecisionModal
        opened={asking}
        title={t('dailyClose.sign.title', { day: close.day })}
        summary={t('dailyClose.sign.summary', {
          day: close.day,
          difference: displayCurrency(close.difference, close.currency),
        })}
        confirmLabel={t('dailyClose.sign.button')}
        reason={false}
        onClose={() => {
          setAsking(false);
          void settle();
        }}
        onConfirm={async ({ key }) => {
          const signed = await sign(close.day, key);
          notice(
            'green',
            t('dailyClose.sign.done', {
              day: signed.day,
              by: signed.signedBy ?? '',
              at: signed.signedAt ? formatTime(signed.signedAt, i18n.language) : '',
            }),
          );
        }}
      />
    </>
  );
}
