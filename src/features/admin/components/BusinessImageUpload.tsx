// The business dialog's image upload: a PNG, JPEG or WebP of at most 1 MB goes to
// Storage's business-images bucket, and its public URL fills the image address field. Checked
// here first (type, size, then the first bytes while uploading) in plain words; uploading and
// failures are said, never silent.
import { useId, useState, type ChangeEvent } from 'react';
import { Label } from '@/components/ui/Input.tsx';
import { businessImageProblem, uploadBusinessImage } from '../api/business-images.ts';

export function BusinessImageUpload(props: { slug: string; onUploaded: (url: string) => void }) {
  const id = useId();
  const [state, setState] = useState<{ status: 'idle' | 'uploading' | 'done' | 'failed'; message?: string }>({
    status: 'idle',
  });
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = businessImageProblem(file);
    if (problem) {
      setState({ status: 'failed', message: problem });
      input.value = '';
      return;
    }
    setState({ status: 'uploading' });
    try {
      const url = await uploadBusinessImage(props.slug, file);
      props.onUploaded(url);
      setState({ status: 'done', message: `${file.name} uploaded. Save the business to use it.` });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : 'The image could not be uploaded.' });
    } finally {
      input.value = '';
    }
  };
  return (
    <div>
      <Label htmlFor={id}>
        Upload an image <span className="font-normal text-bark-700">(optional)</span>
      </Label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-describedby={`${id}-hint ${id}-state`}
        disabled={state.status === 'uploading'}
        onChange={(event) => void choose(event)}
        className="mt-1 block w-full text-base text-bark-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-meadow-700 file:px-4 file:font-semibold file:text-white hover:file:bg-meadow-800"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-bark-700">
        A square PNG, JPEG or WebP of at most 1 MB. It fills the image address above.
      </p>
      <p
        id={`${id}-state`}
        role={state.status === 'failed' ? 'alert' : 'status'}
        className={state.status === 'failed' ? 'mt-1 text-sm font-medium text-red-800' : 'mt-1 text-sm text-bark-700'}
      >
        {state.status === 'uploading' ? 'Uploading…' : (state.message ?? '')}
      </p>
    </div>
  );
}
