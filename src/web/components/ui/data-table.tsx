import type { ReactNode } from "react";
import { t } from "#domain/i18n";
import { cn } from "#web/lib/cn";
import { Pagination } from "./pagination";
import { Table, TableMessage, Td, Th } from "./table";

export interface Column<T> {
  header: string;
  /** A header read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Amounts: right-aligned, header and cells. */
  numeric?: boolean;
  /** The cell that names its row (`<th scope="row">`), read before each of the row's other cells. */
  rowHeader?: boolean;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  /** Undefined while the first page loads. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** What the table is, for screen readers (its scrolling region and the table itself). */
  label?: string;
  /** A visible caption above the rows. */
  caption?: ReactNode;
  id?: string;
  /** Classes for the `<table>`: e.g. a narrower minimum width than the lists' 720 px. */
  className?: string;
  loading?: boolean;
  loadingText?: string;
  /** A failed load, said in the table instead of the rows. */
  error?: string | null;
  emptyText: string;
  /** Rows after the data (a total). */
  footer?: ReactNode;
  /** Paging, when the list is paged on the server. */
  paging?: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
}

/**
 * The one data table (issue 34): headed columns, loading, error and empty rows, an optional caption
 * and footer, and paging below. Every list in the app is one of these.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  caption,
  id,
  className,
  loading = false,
  loadingText = t("ui.loading"),
  error,
  emptyText,
  footer,
  paging,
}: DataTableProps<T>) {
  return (
    <>
      <Table id={id} aria-label={label} className={className}>
        {caption && <caption className="px-3 py-2 text-left text-sm text-muted-foreground">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <Th key={c.header} className={c.numeric ? "text-right" : undefined}>
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && <TableMessage colSpan={columns.length}>{loadingText}</TableMessage>}
          {error && <TableMessage colSpan={columns.length}>{error}</TableMessage>}
          {!loading && !error && rows?.length === 0 && (
            <TableMessage colSpan={columns.length}>{emptyText}</TableMessage>
          )}
          {rows?.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <Th key={c.header} scope="row" className={c.className ?? "bg-transparent font-medium"}>
                    {c.cell(row)}
                  </Th>
                ) : (
                  <Td key={c.header} className={cn(c.numeric && "text-right", c.className)}>
                    {c.cell(row)}
                  </Td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </Table>
      {paging && <Pagination {...paging} />}
    </>
  );
}
