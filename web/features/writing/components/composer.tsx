// Writing a post, new or existing: title, text with a formatting toolbar, tags, who can see
// it, and when it goes out — kept as a draft, published now, or scheduled for a date and time
// in the writer's time zone. A preview shows the text as the service will store it. While the
// writer types, a copy is kept in this browser; leaving with unsaved changes asks first.
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage, errorText } from '../../../components/error-message';
import { exactText } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import type { BlogPost } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { TagList } from '../../blog-posts/components/tag-list';
import { previewOptions, savePostOptions, type PostDraft, type Publishing } from '../api/post-mutations';
import { writingQueries } from '../api/writing-queries';
import { clearLocalDraft, localDraftKey, readLocalDraft, useLocalDraft } from '../local-draft';
import { TagInput } from './tag-input';
import { VisibilitySelect } from './visibility-select';

// The editor (TipTap and ProseMirror) is the bulk of this page's code: it is requested as soon
// as the page's own code runs and arrives while the writer looks at the form.
const editorModule = import('./rich-text-editor');
const RichTextEditor = lazy(async () => ({ default: (await editorModule).RichTextEditor }));

export const MAX_TITLE = 200;

const SAVE_WORDS = {
  '4': 'The post could not be saved as it is: check the title (up to 200 characters) and the tags (up to 20, each up to 64 characters).',
  '3': 'This post no longer exists: it may have been deleted meanwhile.',
};

type Props = {
  network: string;
  author: string;
  /** The post being changed; none for a new one. */
  post?: BlogPost;
};

/** What the form holds; `scheduleAt` is a `datetime-local` value, in the writer's time zone. */
type FormState = PostDraft & { scheduleAt: string };

function initialState(post: BlogPost | undefined): FormState {
  return {
    title: post?.title ?? '',
    description: post?.description ?? '',
    tags: post?.topTags ?? [],
    visibility: post?.visibility ?? 'all',
    scheduleAt: post?.publishStatus === 'queued' ? toLocalInput(new Date(post.publishTime)) : '',
  };
}

export function Composer({ network, author, post }: Props) {
  const navigate = useNavigate();
  const storageKey = localDraftKey(network, author, post?.id);
  const saved = useMemo(() => initialState(post), [post]);
  // A copy left in this browser (a closed tab, a crash) is offered back, newer than the post or not.
  const [restored] = useState(() => readLocalDraft<FormState>(storageKey));
  const [form, setForm] = useState<FormState>(() => restored?.value ?? saved);
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [editorKey, setEditorKey] = useState(0);

  const save = useMutation(savePostOptions(network));
  const preview = useMutation(previewOptions(network));
  const suggestions = useQuery(writingQueries.tagSuggestions(network)).data ?? [];

  const dirty = !save.isSuccess && JSON.stringify(form) !== JSON.stringify(saved);
  useLocalDraft(storageKey, form, dirty);

  const ids = { title: useId(), titleHint: useId(), text: useId(), when: useId(), whenHint: useId() };
  const status = post?.publishStatus ?? 'draft';
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const change = (patch: Partial<FormState>) => {
    setProblem(null);
    setForm((was) => ({ ...was, ...patch }));
  };

  function submit(publishing: Publishing) {
    if (!form.title.trim()) return setProblem('A post needs a title.');
    if (publishing.kind === 'at') {
      if (Number.isNaN(publishing.time.getTime())) return setProblem('Choose the date and time to publish it.');
      if (publishing.time.getTime() <= Date.now()) return setProblem('Choose a moment in the future, or publish it now.');
    }
    setProblem(null);
    save.mutate(
      { id: post?.id, post: form, publishing },
      {
        onSuccess: (id) => {
          clearLocalDraft(storageKey);
          navigate(paths.blogPost(network, id), { replace: !post });
        },
      },
    );
  }

  function togglePreview() {
    if (!previewing) preview.mutate(form.description);
    setPreviewing(!previewing);
  }

  function discardRestored() {
    clearLocalDraft(storageKey);
    setForm(saved);
    setShowRestored(false);
    setEditorKey((key) => key + 1);
  }

  return (
    <form className="composer" aria-label={post ? 'Edit post' : 'Write a post'} onSubmit={(event) => event.preventDefault()}>
      {showRestored && restored ? (
        <div className="notice" role="status">
          Your unsaved changes from {exactText(restored.savedAt)} were kept in this browser and are back.{' '}
          <button type="button" className="link-button" onClick={discardRestored}>
            Discard them
          </button>
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          className="title-input"
          value={form.title}
          maxLength={MAX_TITLE}
          aria-describedby={ids.titleHint}
          aria-invalid={problem === 'A post needs a title.' || undefined}
          onChange={(event) => change({ title: event.target.value })}
        />
        <p id={ids.titleHint} className="field-hint">
          {form.title.length} of {MAX_TITLE} characters
        </p>
      </div>

      <div className="field">
        <div className="field-heading">
          <span id={ids.text} className="label">
            Text
          </span>
          <button type="button" className="secondary" aria-pressed={previewing} onClick={togglePreview}>
            Preview
          </button>
        </div>
        {previewing ? (
          <Preview title={form.title} tags={form.tags} network={network} state={preview} />
        ) : (
          <Suspense fallback={<Skeleton label="Loading the editor…" lines={6} />}>
            <RichTextEditor
              key={editorKey}
              network={network}
              author={author}
              initialHtml={form.description}
              onChange={(description) => change({ description })}
              labelledBy={ids.text}
            />
          </Suspense>
        )}
      </div>

      <TagInput tags={form.tags} suggestions={suggestions} onChange={(tags) => change({ tags })} />

      <VisibilitySelect value={form.visibility} onChange={(visibility) => change({ visibility })} />

      {status !== 'publish' ? (
        <div className="field">
          <label htmlFor={ids.when}>Publish on</label>
          <input
            id={ids.when}
            type="datetime-local"
            value={form.scheduleAt}
            aria-describedby={ids.whenHint}
            onChange={(event) => change({ scheduleAt: event.target.value })}
          />
          <p id={ids.whenHint} className="field-hint">
            For “Schedule”: the date and time it goes out, in your time zone ({timeZone}).
          </p>
        </div>
      ) : null}

      {problem ? (
        <p role="alert" className="alert">
          {problem}
        </p>
      ) : save.isError ? (
        <p role="alert" className="alert">
          <strong>Your post was not saved. </strong>
          {errorText(save.error, SAVE_WORDS)}
        </p>
      ) : null}

      <div className="composer-actions">
        {status === 'publish' ? (
          <button type="button" disabled={save.isPending} onClick={() => submit({ kind: 'unchanged' })}>
            Update
          </button>
        ) : (
          <>
            <button type="button" className="secondary" disabled={save.isPending} onClick={() => submit({ kind: 'draft' })}>
              Save draft
            </button>
            <button type="button" className="secondary" disabled={save.isPending} onClick={() => submit({ kind: 'at', time: new Date(form.scheduleAt) })}>
              Schedule
            </button>
            <button type="button" disabled={save.isPending} onClick={() => submit({ kind: 'now' })}>
              Publish
            </button>
          </>
        )}
        <span className="composer-status" role="status">
          {save.isPending ? 'Saving…' : dirty ? 'Unsaved changes are kept in this browser.' : ''}
        </span>
      </div>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} what="this post" />
    </form>
  );
}

type PreviewState = UseMutationResult<string, Error, string>;

/** The post as readers will see it: the text as the service stores it, after sanitising. */
function Preview({ title, tags, network, state }: { title: string; tags: string[]; network: string; state: PreviewState }) {
  return (
    <section className="preview" aria-label="Preview">
      <p className="field-hint">This is how readers will see your post.</p>
      <h1 className="preview-title">{title || 'Untitled'}</h1>
      <TagList network={network} tags={tags} />
      {state.isPending ? (
        <p role="status">Preparing the preview…</p>
      ) : state.isError ? (
        <ErrorMessage error={state.error} title="The preview could not be made." />
      ) : state.data ? (
        <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: state.data }} />
      ) : (
        <p className="muted">Nothing written yet.</p>
      )}
    </section>
  );
}

/** A date as a `datetime-local` value, in the browser's time zone. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
