import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { LoadState } from '../../../components/list-states';
import { promotionsKeys } from '../api/keys';
import { getPromotion } from '../api/promotions';
import { PromotionEditor } from '../components/promotion-editor';
import { newPromotionForm, promotionForm } from '../rules/promotion-form';

/**
 * Creates a promotion (/promotions/new) or edits one (/promotions/:id): its texts in each of the site's
 * languages (HTML, sanitised by the server when saved), its reward as its kind pays it, when it runs, its
 * budget, who may take part and how its turnover counts. The form names each field it cannot send; what
 * only the server knows (an agent's name, another promotion's code, the budget already granted) comes
 * back on the field too. Claims already granted keep the terms they were granted under.
 */
export function PromotionEditorScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const query = useQuery({
    queryKey: promotionsKeys.one(id),
    queryFn: () => getPromotion(id),
    enabled: !creating,
  });
  return (
    <Stack>
      <Anchor component={Link} to="/promotions?tab=promotions" size="sm">
        {t('promotionEdit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {creating
          ? t('promotionEdit.newTitle')
          : t('promotionEdit.editTitle', { code: query.data?.code ?? '' })}
      </Title>
      {creating ? (
        <PromotionEditor initial={newPromotionForm(me.languages)} id={null} />
      ) : (
        <>
          <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
          {query.data && (
            <PromotionEditor
              key={query.dataUpdatedAt}
              initial={promotionForm(query.data, me.languages)}
              id={query.data.id}
              granted={query.data.granted}
            />
          )}
        </>
      )}
    </Stack>
  );
}
