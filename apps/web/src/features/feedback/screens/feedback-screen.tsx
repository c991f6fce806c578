import { useId, useRef, useState, type FormEvent } from 'react';
import type { FeedbackItem } from '@panalo/contract/feedback';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, wordCount } from '@panalo/contract/feedback-rules';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { announce } from '../../../lib/announce';
import { formatRecordTime } from '../../../lib/format-time';
import { useMyFeedback, useSendFeedback } from '../api/feedback';
import { FeedbackImage } from '../components/feedback-image';
import { draftProblem, type DraftProblem } from '../rules/feedback-draft';
import '../feedback.css';

function History({ list }: { list: FeedbackItem[] }) {
  const { t } = useTranslation();
  if (list.length === 0) return <EmptyState text={t('feedback.none')} />;
  return (
    <ul className="ui-list" aria-label={t('feedback.history')} data-testid="feedback-list">
      {list.map((f) => (
        <li key={f.id} className="ui-item feedback-item" data-testid="feedback-item" data-status={f.status}>
          <div className="feedback-item__head">
            <span className="feedback-item__category">{t(`feedback.categories.${f.category}`)}</span>
            <span className={`feedback-status feedback-status--${f.status}`}>
              {t(`feedback.status.${f.status}`)}
            </span>
            <time className="feedback-item__date" dateTime={f.createdAt}>
              {formatRecordTime(f.createdAt)}
            </time>
          </div>
          <p className="feedback-item__content">{f.content}</p>
          {f.images > 0 && (
            <div className="feedback-item__images">
              {Array.from({ length: f.images }, (_, i) => (
                <FeedbackImage key={i} id={f.id} n={i + 1} alt={t('feedback.imageAlt', { n: i + 1 })} />
              ))}
            </div>
          )}
          {f.replies.map((r, i) => (
            <div key={i} className="feedback-reply" data-testid="feedback-reply">
              <span className="feedback-reply__who">{t('feedback.reply')}</span>
              <p className="feedback-reply__text">{r.content}</p>
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * /m/feedback (spec §1 "feedback", flag FEEDBACK3; CONTENT-003): a category, the message within the
 * merchant's word bounds, up to 3 png/jpg images of at most 5 MB; then my feedback with the replies.
 */
export function FeedbackScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mine = useMyFeedback();
  const send = useSendFeedback();
  const ids = { category: useId(), content: useId(), images: useId() };
  const [category, setCategory] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const bounds = {
    min: mine.data?.minWords ?? FEEDBACK_LIMITS.minWords,
    max: mine.data?.maxWords ?? FEEDBACK_LIMITS.maxWords,
  };
  const words = wordCount(content);

  const problemText = (p: DraftProblem) =>
    p.field === 'content'
      ? t(p.key, { min: p.min, max: p.max })
      : t(p.key, { name: 'name' in p ? p.name : '' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const p = draftProblem({ category, content, images }, bounds);
    setProblem(p);
    if (p) {
      document.getElementById(ids[p.field])?.focus();
      return;
    }
    try {
      await send.mutateAsync({ category, content, images });
      setCategory('');
      setContent('');
      setImages([]);
      if (fileInput.current) fileInput.current.value = '';
      announce(t('feedback.sent'));
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const fieldError = (field: DraftProblem['field']) =>
    problem?.field === field ? (
      <span id={`${ids[field]}-problem`} className="ui-field__error" role="alert">
        {problemText(problem)}
      </span>
    ) : null;
  const described = (field: DraftProblem['field']) =>
    problem?.field === field ? `${ids[field]}-problem` : undefined;

  return (
    <Page title={t('feedback.title')} testId="feedback-screen">
      <form
        className="ui-card feedback-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="feedback-form"
      >
        <label className="ui-field" htmlFor={ids.category}>
          <span className="ui-field__label">{t('feedback.category')}</span>
          <select
            id={ids.category}
            className="ui-input"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            aria-invalid={problem?.field === 'category'}
            aria-describedby={described('category')}
            data-testid="feedback-category"
          >
            <option value="">{t('feedback.choose')}</option>
            {FEEDBACK_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`feedback.categories.${c}`)}
              </option>
            ))}
          </select>
          {fieldError('category')}
        </label>
        <label className="ui-field" htmlFor={ids.content}>
          <span className="ui-field__label">{t('feedback.content')}</span>
          <textarea
            id={ids.content}
            className="ui-input feedback-form__text"
            rows={5}
            maxLength={FEEDBACK_LIMITS.maxChars}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-invalid={problem?.field === 'content'}
            aria-describedby={`${ids.content}-count${problem?.field === 'content' ? ` ${ids.content}-problem` : ''}`}
            data-testid="feedback-content"
          />
          <small id={`${ids.content}-count`} className="feedback-form__count" data-testid="feedback-count">
            {t('feedback.words', { count: words, min: bounds.min, max: bounds.max })}
          </small>
          {fieldError('content')}
        </label>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={ids.images}>
            {t('feedback.images', { max: FEEDBACK_LIMITS.maxImages })}
          </label>
          <input
            ref={fileInput}
            id={ids.images}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={(e) => setImages([...(e.target.files ?? [])])}
            aria-invalid={problem?.field === 'images'}
            aria-describedby={described('images')}
            data-testid="feedback-images"
          />
          {images.length > 0 && (
            <ul className="feedback-files" aria-label={t('feedback.chosen')}>
              {images.map((f, i) => (
                <li key={`${f.name}-${i}`} className="feedback-files__item">
                  <span className="feedback-files__name">{f.name}</span>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => setImages((all) => all.filter((_, j) => j !== i))}
                    aria-label={t('feedback.remove', { name: f.name })}
                  >
                    {t('feedback.removeShort')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {fieldError('images')}
        </div>
        {failure && (
          <p className="ui-field__error" role="alert" data-testid="feedback-failure">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={send.isPending}
          data-testid="feedback-submit"
        >
          {send.isPending ? t('feedback.sending') : t('feedback.send')}
        </button>
      </form>
      <h2 className="feedback-heading">{t('feedback.history')}</h2>
      {mine.isPending ? (
        <ListSkeleton rows={2} />
      ) : mine.isError ? (
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <History list={mine.data.list} />
      )}
    </Page>
  );
}
