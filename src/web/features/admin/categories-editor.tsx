import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconArrowDown, IconArrowUp } from '../../components/icons';
import { useState } from 'react';
import { newsCategorySlug, type Category } from '../../../shared/forum';
import { useCategories } from '../../api/get-categories';
import { showServerError, showSuccess } from '../../shell/server-errors';
import { useCreateCategory } from './api/create-category';
import { useReorderCategories } from './api/reorder-categories';
import { useUpdateCategory } from './api/update-category';
import { CategoryForm } from './category-form';
import { AppModal } from '../../components/app-modal';
import { QueryList } from '../../components/query-list';

/** The ids in their new order after moving the one at `index` by `step` (−1 up, +1 down). */
export function movedIds(categories: readonly Category[], index: number, step: -1 | 1): number[] {
  const ids = categories.map((category) => category.id);
  const other = index + step;
  if (other < 0 || other >= ids.length) return ids;
  [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  return ids;
}

interface CategoryRowProps {
  category: Category;
  index: number;
  categories: readonly Category[];
  onEdit: (category: Category) => void;
}

function CategoryRow({ category, index, categories, onEdit }: CategoryRowProps) {
  const reorder = useReorderCategories();
  const update = useUpdateCategory();
  const busy = reorder.isPending || update.isPending;

  const move = (step: -1 | 1) =>
    reorder.mutate(movedIds(categories, index, step), {
      onError: (error) => showServerError('Could not reorder the categories', error),
    });
  const toggleArchived = () =>
    update.mutate(
      { id: category.id, changes: { archived: !category.archived } },
      {
        onSuccess: () =>
          showSuccess(category.archived ? 'Category restored' : 'Category archived', category.name),
        onError: (error) => showServerError('Could not change the category', error),
      },
    );

  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={category.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{category.name}</Text>
            {category.archived && (
              <Badge size="sm" variant="light" color="gray">
                Archived
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {category.description || 'No description'}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`Move ${category.name} up`}
            disabled={index === 0 || busy}
            onClick={() => move(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`Move ${category.name} down`}
            disabled={index === categories.length - 1 || busy}
            onClick={() => move(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <Button size="xs" variant="default" onClick={() => onEdit(category)}>
            Edit
          </Button>
          {/* The news category holds article comments and stays archived (the server refuses). */}
          {category.slug !== newsCategorySlug && (
            <Button
              size="xs"
              variant="default"
              loading={update.isPending}
              leftSection={
                category.archived ? (
                  <IconArchiveOff size={14} aria-hidden />
                ) : (
                  <IconArchive size={14} aria-hidden />
                )
              }
              aria-label={`${category.archived ? 'Unarchive' : 'Archive'} ${category.name}`}
              onClick={toggleArchived}
            >
              {category.archived ? 'Unarchive' : 'Archive'}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function EditCategoryModal({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const update = useUpdateCategory();
  return (
    <AppModal
      opened={category !== null}
      onClose={onClose}
      title={category ? `Edit ${category.name}` : 'Edit category'}
    >
      {category && (
        <CategoryForm
          key={category.id}
          initialValues={{ name: category.name, description: category.description }}
          submitLabel="Save category"
          errorTitle="Could not save the category"
          onSave={async (changes) => {
            await update.mutateAsync({ id: category.id, changes });
            showSuccess('Category saved', changes.name);
            onClose();
          }}
          secondaryAction={
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      )}
    </AppModal>
  );
}

/** The forum's categories in their order: add, rename and describe, move, archive. */
export function CategoriesEditor() {
  const categories = useCategories();
  const create = useCreateCategory();
  const [editing, setEditing] = useState<Category | null>(null);

  const list = categories.data ?? [];

  return (
    <Stack gap="md">
      <QueryList
        query={categories}
        items={list}
        label="Categories"
        subject="the categories"
        empty="No categories yet: add the first one below."
        ordered
        gap="xs"
        renderItem={(category, index) => (
          <CategoryRow
            key={category.id}
            category={category}
            index={index}
            categories={list}
            onEdit={setEditing}
          />
        )}
      />
      <Stack gap="xs" component="section" aria-labelledby="add-category-title">
        <Title order={3} size="h4" id="add-category-title">
          Add a category
        </Title>
        <CategoryForm
          initialValues={{ name: '', description: '' }}
          submitLabel="Add category"
          errorTitle="Could not add the category"
          onSave={async (values) => {
            const category = await create.mutateAsync(values);
            showSuccess('Category added', category.name);
          }}
        />
      </Stack>
      <EditCategoryModal category={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
