// Starting a topic, or changing one's own: a title, an optional category, and the text (plain
// paragraphs). Each field says its limit; leaving with unsaved words asks first.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { paths } from '../../../lib/paths';
import { writingQueries } from '../../writing/api/writing-queries';
import { TagInput } from '../../writing/components/tag-input';
import { htmlToText, saveTopicOptions, type TopicDraft } from '../api/forum-mutations';
import { forumQueries, type Topic } from '../api/forum-queries';
import '../forum.css';

export const TITLE_LIMIT = 200;
export const TEXT_LIMIT = 20_000;

const TOPIC_WORDS = {
  '4': `A topic needs a title of at most ${TITLE_LIMIT} characters, and its text at most ${TEXT_LIMIT.toLocaleString('en')} characters.`,
  '3': 'That category no longer exists. Choose another one.',
};

type Props = { network: string; topic?: Topic; categoryId?: string };

export function TopicForm({ network, topic, categoryId }: Props) {
  const initial: TopicDraft = {
    title: topic?.title ?? '',
    text: topic ? htmlToText(topic.description) : '',
    categoryId: topic?.categoryId ?? categoryId ?? '',
    tags: topic?.topTags ?? [],
  };
  const [draft, setDraft] = useState(initial);
  const categories = useQuery(forumQueries.categories(network));
  const suggestions = useQuery(writingQueries.tagSuggestions(network)).data ?? [];
  const save = useMutation(saveTopicOptions(network));
  const navigate = useNavigate();
  const ids = { title: useId(), category: useId(), text: useId() };
  const dirty = !save.isSuccess && (draft.title !== initial.title || draft.text !== initial.text || draft.categoryId !== initial.categoryId || draft.tags.join() !== initial.tags.join());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.title.trim()) return;
    save.mutate({ id: topic?.id, draft });
  }

  // Off to the topic once the page has rendered as saved, so the unsaved-changes guard lets it go.
  const savedId = save.data;
  useEffect(() => {
    if (savedId) navigate(paths.forumItem(network, 'topics', savedId), { replace: !!topic });
  }, [savedId, navigate, network, topic]);

  const field = (name: 'title' | 'text' | 'categoryId') => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((was) => ({ ...was, [name]: event.target.value })),
  });

  return (
    <form className="stacked-form topic-form" onSubmit={submit}>
      <label htmlFor={ids.title}>Title</label>
      <input id={ids.title} name="title" required maxLength={TITLE_LIMIT} aria-describedby={`${ids.title}-hint`} {...field('title')} />
      <p id={`${ids.title}-hint`} className="field-hint">
        {draft.title.length} of {TITLE_LIMIT} characters
      </p>
      {categories.data && categories.data.entry.length > 0 ? (
        <>
          <label htmlFor={ids.category}>Category</label>
          <select id={ids.category} name="categoryId" {...field('categoryId')}>
            {topic?.categoryId ? null : <option value="">No category</option>}
            {categories.data.entry.map((category) => (
              <option key={category.id} value={category.id}>
                {category.title}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label htmlFor={ids.text}>Text</label>
      <textarea id={ids.text} name="text" rows={10} maxLength={TEXT_LIMIT} aria-describedby={`${ids.text}-hint`} {...field('text')} />
      <p id={`${ids.text}-hint`} className="field-hint">
        {draft.text.length.toLocaleString()} of {TEXT_LIMIT.toLocaleString()} characters. A blank line starts a new paragraph.
      </p>
      <TagInput tags={draft.tags} suggestions={suggestions} onChange={(tags) => setDraft((was) => ({ ...was, tags }))} />
      {save.isError ? <ErrorMessage error={save.error} title={topic ? 'Your changes were not saved.' : 'The topic was not started.'} words={TOPIC_WORDS} /> : null}
      <button type="submit" disabled={save.isPending}>
        {topic ? 'Save changes' : 'Start topic'}
      </button>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} what={topic ? 'your changes' : 'your topic'} keptLocally={false} />
    </form>
  );
}
