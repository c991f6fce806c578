import { Alert, Anchor, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { ListError, ListLoading } from '../../../components/list-states';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useKycDocument } from '../api/documents';
import { kycKeys } from '../api/keys';
import { useKycSettings } from '../api/settings';
import { DecisionFacts, DocumentFacts } from '../components/document-facts';
import { DocumentImages } from '../components/document-images';
import { IdentityChecks } from '../components/identity-checks';
import { ReviewPanel } from '../components/review-panel';
import { ViewsList } from '../components/views-list';
import { isDocumentId, isWaiting, twoReviewers } from '../rules/review';

/**
 * One document (`compliance/kyc/:id`): its images (loaded here, each load audited), the form's name and
 * birth date beside the account's with the checks, who viewed it, and the decision — the review panel
 * while it waits, the decision read only once it is final.
 */
export function KycDocumentScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = isDocumentId(id);
  const query = useKycDocument(id, valid);
  const settings = useKycSettings(valid);
  const queryClient = useQueryClient();
  const decisionTitle = useRef<HTMLHeadingElement>(null);
  const doc = query.data;
  const failure = query.error;
  // The images' loads are views the server recorded: the list is read again once they are all shown.
  const reread = () => void queryClient.invalidateQueries({ queryKey: kycKeys.document(id) });

  return (
    <Stack>
      <Anchor component={Link} to={`/compliance/kyc?status=${doc?.status ?? 'pending'}`} size="sm">
        {t('kyc.document.back')}
      </Anchor>
      <Title order={1} size="h2">
        {doc
          ? t(`kyc.document.title.${doc.kind}`, { username: doc.username })
          : t('kyc.document.titleId', { id })}
      </Title>
      {!valid ? (
        <Alert color="red" role="alert">
          {t('kyc.document.badId')}
        </Alert>
      ) : failure ? (
        failure instanceof ApiError && failure.code === 'kyc_document_unknown' ? (
          <Alert color="gray" role="alert" data-testid="kyc-unknown">
            {errorText('kyc_document_unknown')}
          </Alert>
        ) : (
          <ListError
            error={failure}
            onRetry={() => void query.refetch()}
            title={t('kyc.document.loadFailed')}
          />
        )
      ) : !doc ? (
        <ListLoading />
      ) : (
        <>
          <DocumentFacts doc={doc} memberLink={me.permissions.includes('members.read')} />
          <Stack gap="xs" component="section" aria-labelledby="kyc-images-title">
            <Title order={2} size="h4" id="kyc-images-title">
              {t('kyc.document.images')}
            </Title>
            <Alert color="gray" variant="light" p="xs">
              {t('kyc.document.imagesAudited')}
            </Alert>
            <DocumentImages key={doc.id} doc={doc} onViewed={reread} />
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="kyc-compare-title">
            <Title order={2} size="h4" id="kyc-compare-title">
              {t('kyc.checks.title')}
            </Title>
            <IdentityChecks doc={doc} minAge={settings.data?.minAge} />
          </Stack>
          <Paper withBorder p="md" component="section" aria-labelledby="kyc-decision-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="kyc-decision-title" ref={decisionTitle} tabIndex={-1}>
                {t('kyc.document.decision')}
              </Title>
              {isWaiting(doc.status) ? (
                <ReviewPanel
                  doc={doc}
                  username={me.username}
                  twoReviewers={twoReviewers(doc.gives, settings.data?.checkerFromLevel)}
                  onDone={() => setTimeout(() => decisionTitle.current?.focus(), 60)}
                />
              ) : (
                <DecisionFacts doc={doc} />
              )}
            </Stack>
          </Paper>
          <Stack gap="xs" component="section" aria-labelledby="kyc-views-title">
            <Title order={2} size="h4" id="kyc-views-title">
              {t('kyc.views.title')}
            </Title>
            <ViewsList views={doc.views} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
