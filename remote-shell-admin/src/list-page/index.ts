export { ListPage, type ListPageProps } from './ListPage';
export { useListPage, type ListSource, type ListState, type RowId } from './use-list-page';
export { FormDialog, type FormDialogProps } from './FormDialog';
export { useListDialog, type ListDialog } from './use-list-dialog';
export { addNew, ControlButton, deleteSelected, type Control } from './controls';
export { labelOptions, toFilters, type SearchField, type SearchConfig } from './search-form';
