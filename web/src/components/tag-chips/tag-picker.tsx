import { Loader, TagsInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import useSWR from "swr";
import { t } from "../../lib/i18n";
import { searchTags, TagSearchError, tagSearchKey } from "./api/search-tags";

interface Props {
  value: string[];
  onChange: (names: string[]) => void;
  label?: string;
}

/** Existing tags to pick from as one types; a name not yet used becomes a new tag on save. */
export function TagPicker({ value, onChange, label = t("Tags") }: Props) {
  const [search, setSearch] = useState("");
  // Closed after each pick, so the list does not cover the modal's buttons; typing reopens it.
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, 300);
  const { data, error, isLoading } = useSWR(
    tagSearchKey(debounced, 0, 100),
    () => searchTags(debounced, 0, 100),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
  const names = (data?.tags ?? []).map((tag) => tag.name);
  return (
    <TagsInput
      label={label}
      placeholder={t("Select or type a tag name")}
      data={names}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onOptionSubmit={() => setOpened(false)}
      clearable
      rightSection={isLoading ? <Loader size={14} /> : undefined}
      error={
        error
          ? error instanceof TagSearchError
            ? error.message
            : t("An error occurred while loading options")
          : undefined
      }
      comboboxProps={{ withinPortal: true }}
      data-test="tag-picker"
    />
  );
}
