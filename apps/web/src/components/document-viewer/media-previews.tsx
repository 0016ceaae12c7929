import { Center } from '@mantine/core';

interface MediaPreviewProps {
  url: string;
  title: string;
  onSettled: () => void;
}

/** An image, shown whole inside the viewer. */
export function ImagePreview({ url, title, onSettled }: MediaPreviewProps) {
  return (
    <Center h="100%" p="md">
      <img src={url} alt={title} onLoad={onSettled} onError={onSettled} data-testid="image-preview" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
    </Center>
  );
}

/** The video player page of the API in an embedded frame (spec §2). */
export function VideoPreview({ url, title, onSettled }: MediaPreviewProps) {
  return (
    <iframe
      src={url}
      title={title}
      onLoad={onSettled}
      allow="fullscreen; picture-in-picture"
      allowFullScreen
      data-testid="video-preview"
      style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
    />
  );
}
