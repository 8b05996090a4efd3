import { Button, Group } from '@mantine/core';
import type { FilmDetail } from '../../../shared/films';
import { showServerError } from '../../shell/server-errors';
import { useFollowFilm } from './api/follow-film';

/**
 * Follow a film to hear of its new reviews: a toggle (aria-pressed) for signed-in members,
 * shown at once and put back if the server refuses.
 */
export function FollowButton({ film }: { film: FilmDetail }) {
  const followFilm = useFollowFilm();
  if (!film.viewer.canFollow) return null;
  const { following } = film.viewer;
  return (
    <Group mt="xs">
      <Button
        variant={following ? 'light' : 'default'}
        size="compact-sm"
        aria-pressed={following}
        onClick={() =>
          followFilm.mutate(
            { id: film.id, follow: !following },
            {
              onError: (error) =>
                showServerError(
                  following ? 'Could not stop following the film' : 'Could not follow the film',
                  error,
                ),
            },
          )
        }
      >
        {following ? 'Following' : 'Follow'}
      </Button>
    </Group>
  );
}
