import { Button, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { PublicProfile } from '../../../shared/profiles';
import { profileLimits, updateProfileDetailsBody } from '../../../shared/profiles';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useUpdateProfileDetails } from './api/update-profile-details';

interface ProfileDetailsValues {
  bio: string;
  location: string;
  favouriteFilms: string[];
}

function valuesOf(profile: PublicProfile): ProfileDetailsValues {
  return { bio: profile.bio, location: profile.location, favouriteFilms: profile.favouriteFilms };
}

/** Bio, location and favourite films, checked by the same schema the server applies. */
export function ProfileDetailsForm({ profile }: { profile: PublicProfile }) {
  const updateProfile = useUpdateProfileDetails();
  const form = useForm<ProfileDetailsValues>({
    initialValues: valuesOf(profile),
    validate: schemaResolver(updateProfileDetailsBody, { sync: true }),
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const saved = valuesOf(await updateProfile.mutateAsync(values));
      // The server trims; show what it kept, and count that as the unchanged state.
      form.setValues(saved);
      form.resetDirty(saved);
      showSuccess('Profile saved');
    } catch (error) {
      showServerError('Could not save your profile', error, form);
    }
  });

  const bioLength = form.values.bio.length;
  // A film the schema refuses is reported at its index ("favouriteFilms.3"); show it on the field.
  const filmsError =
    form.errors.favouriteFilms ??
    Object.entries(form.errors).find(([path]) => path.startsWith('favouriteFilms.'))?.[1];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Bio"
          rows={4}
          resize="vertical"
          description={`${bioLength} / ${profileLimits.bioMax} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          descriptionProps={{ c: bioLength > profileLimits.bioMax ? 'red' : undefined }}
          {...form.getInputProps('bio')}
        />
        <TextInput
          label="Location"
          autoComplete="address-level2"
          maw={420}
          {...form.getInputProps('location')}
        />
        <TagsInput
          label="Favourite films"
          description={`Up to ${profileLimits.filmsMax}. Press Enter after each title.`}
          maxTags={profileLimits.filmsMax}
          // Film titles may hold commas ("Crouching Tiger, Hidden Dragon"); pasted lines split.
          splitChars={['\n']}
          clearable
          {...form.getInputProps('favouriteFilms')}
          error={filmsError}
        />
        <Button
          type="submit"
          loading={form.submitting}
          disabled={!form.isDirty()}
          style={{ alignSelf: 'flex-start' }}
        >
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
