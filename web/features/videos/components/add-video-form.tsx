// Adding a video by its address on YouTube, Vimeo or Dailymotion, with a title, a description
// and tags, each field saying its limit. The service keeps only which video it is.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { writingQueries } from '../../writing/api/writing-queries';
import { TagInput } from '../../writing/components/tag-input';
import { addVideoOptions, type NewVideo } from '../api/video-mutations';
import '../videos.css';

export const TITLE_LIMIT = 200;
export const DESCRIPTION_LIMIT = 4000;

const VIDEO_WORDS = {
  '4-2': 'Paste the address of the video.',
  '4-3': 'That address is not a video on YouTube, Vimeo or Dailymotion. Copy the address from your browser while the video is open there, and paste it here.',
  '4': `Check the fields: a title has at most ${TITLE_LIMIT} characters and a description at most ${DESCRIPTION_LIMIT.toLocaleString('en')}.`,
};

export function AddVideoForm({ network }: { network: string }) {
  const [video, setVideo] = useState<NewVideo>({ url: '', title: '', description: '', tags: [] });
  const add = useMutation(addVideoOptions(network));
  const suggestions = useQuery(writingQueries.tagSuggestions(network)).data ?? [];
  const navigate = useNavigate();
  const ids = { url: useId(), title: useId(), description: useId() };

  const addedId = add.data;
  useEffect(() => {
    if (addedId) navigate(paths.video(network, addedId));
  }, [addedId, navigate, network]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!video.url.trim()) return;
    add.mutate(video);
  }

  const field = (name: 'url' | 'title' | 'description') => ({
    value: video[name],
    onChange: (event: { target: { value: string } }) => setVideo((was) => ({ ...was, [name]: event.target.value })),
  });

  return (
    <form className="stacked-form video-form" onSubmit={submit}>
      <label htmlFor={ids.url}>Video address</label>
      <input id={ids.url} type="url" inputMode="url" required maxLength={2000} placeholder="https://www.youtube.com/watch?v=…" aria-describedby={`${ids.url}-hint`} {...field('url')} />
      <p id={`${ids.url}-hint`} className="field-hint">
        The address of the video on YouTube, Vimeo or Dailymotion.
      </p>
      <label htmlFor={ids.title}>Title</label>
      <input id={ids.title} maxLength={TITLE_LIMIT} aria-describedby={`${ids.title}-hint`} {...field('title')} />
      <p id={`${ids.title}-hint`} className="field-hint">
        {video.title.length} of {TITLE_LIMIT} characters
      </p>
      <label htmlFor={ids.description}>Description</label>
      <textarea id={ids.description} rows={4} maxLength={DESCRIPTION_LIMIT} aria-describedby={`${ids.description}-hint`} {...field('description')} />
      <p id={`${ids.description}-hint`} className="field-hint">
        {video.description.length.toLocaleString()} of {DESCRIPTION_LIMIT.toLocaleString()} characters
      </p>
      <TagInput tags={video.tags} suggestions={suggestions} onChange={(tags) => setVideo((was) => ({ ...was, tags }))} />
      {add.isError ? <ErrorMessage error={add.error} title="The video was not added." words={VIDEO_WORDS} /> : null}
      <button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add video'}
      </button>
    </form>
  );
}
