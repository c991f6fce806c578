import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { ListError, ListLoading } from '../../../components/list-states';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useAmlCase } from '../api/cases';
import { CaseFacts, DecisionFacts } from '../components/case-facts';
import { DecideForm } from '../components/decide-form';
import { Evidence } from '../components/evidence';
import { isCaseId, isFinal } from '../rules/cases';

/**
 * One AML case (`compliance/aml/:id`): its facts, the rule in words, its evidence, and the decision —
 * the form while it is open or escalated (with the last decision, if any), who decided and the note once
 * it is closed or filed.
 */
export function AmlCaseScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = isCaseId(id);
  const query = useAmlCase(id, valid);
  const decisionTitle = useRef<HTMLHeadingElement>(null);
  const c = query.data;
  const failure = query.error;

  return (
    <Stack>
      <Anchor component={Link} to={`/compliance/aml?status=${c?.status ?? 'open'}`} size="sm">
        {t('aml.case.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('aml.case.title', { id })}
      </Title>
      {!valid ? (
        <Alert color="red" role="alert">
          {t('aml.case.badId')}
        </Alert>
      ) : failure ? (
        failure instanceof ApiError && failure.code === 'aml_case_unknown' ? (
          <Alert color="gray" role="alert" data-testid="aml-unknown">
            {errorText('aml_case_unknown')}
          </Alert>
        ) : (
          <ListError error={failure} onRetry={() => void query.refetch()} title={t('aml.case.loadFailed')} />
        )
      ) : !c ? (
        <ListLoading />
      ) : (
        <>
          <CaseFacts c={c} currency={me.currency} memberLink={me.permissions.includes('members.read')} />
          <Stack gap="xs" component="section" aria-labelledby="aml-rule-title">
            <Title order={2} size="h4" id="aml-rule-title">
              {t('aml.case.why')}
            </Title>
            <Text size="sm" maw={760} data-testid="aml-rule-text">
              {t(`aml.explain.${c.rule}`)}
            </Text>
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="aml-evidence-title">
            <Title order={2} size="h4" id="aml-evidence-title">
              {t('aml.case.evidence')}
            </Title>
            <Evidence evidence={c.evidence} />
          </Stack>
          <Paper withBorder p="md" component="section" aria-labelledby="aml-decision-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="aml-decision-title" ref={decisionTitle} tabIndex={-1}>
                {t('aml.case.decision')}
              </Title>
              {c.decidedBy && (
                <>
                  {!isFinal(c.status) && (
                    <Text size="sm" fw={600}>
                      {t('aml.case.lastDecision')}
                    </Text>
                  )}
                  <DecisionFacts c={c} />
                </>
              )}
              {isFinal(c.status) ? (
                <Text size="sm" c="dimmed" data-testid="aml-final">
                  {t('aml.case.final')}
                </Text>
              ) : (
                <DecideForm c={c} onDone={() => setTimeout(() => decisionTitle.current?.focus(), 60)} />
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
