import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListState, SortOrder } from '@/lib/list/list-params';
import { DataTable, listColumns } from './data-table';

interface Car {
  id: string;
  name: string;
  brand: string;
}

const column = listColumns<Car>();
const columns = column.columns([
  column.accessor('name', { id: 'name', header: 'Name' }),
  column.accessor('brand', { id: 'brand', header: 'Brand', enableSorting: false }),
]);

const loaded = (items: Car[], total = items.length): ListState<Car> => ({
  items,
  total,
  isLoading: false,
  error: null,
});

function Table({ state, onRetry = () => undefined }: { state: ListState<Car>; onRetry?: () => void }) {
  const [sort, setSort] = useState<{ sort: string | null; order: SortOrder }>({ sort: null, order: 'asc' });
  const [page, setPage] = useState(1);
  return (
    <>
      <output aria-label="asked">{`${sort.sort ?? 'own order'} ${sort.order} page ${page}`}</output>
      <DataTable
        label="Cars"
        columns={columns}
        state={state}
        params={{ page, limit: 2, ...sort }}
        onSort={(next, order) => setSort({ sort: next, order })}
        onPage={setPage}
        onRetry={onRetry}
        getRowId={(car) => car.id}
        empty="No cars yet."
      />
    </>
  );
}

describe('the admin list', () => {
  it('shows the rows and the range, and asks for the next page', async () => {
    render(
      <Table
        state={loaded(
          [
            { id: '1', name: 'Terra', brand: 'Autostudio' },
            { id: '2', name: 'Vela', brand: 'Autostudio' },
          ],
          3,
        )}
      />,
    );
    const table = screen.getByRole('table', { name: 'Cars' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Vela' })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('status', { name: 'asked' })).toHaveTextContent('page 2');
  });

  it('sorts by a header: ascending, then descending, then the list’s own order; other columns do not sort', async () => {
    render(<Table state={loaded([{ id: '1', name: 'Terra', brand: 'Autostudio' }])} />);
    const asked = screen.getByRole('status', { name: 'asked' });
    const name = screen.getByRole('columnheader', { name: /Name/ });
    await userEvent.click(within(name).getByRole('button'));
    expect(asked).toHaveTextContent('name asc');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(name).getByRole('button'));
    expect(asked).toHaveTextContent('name desc');
    expect(name).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(name).getByRole('button'));
    expect(asked).toHaveTextContent('own order');
    expect(within(screen.getByRole('columnheader', { name: 'Brand' })).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing, and shows the failure text with a way to try again', async () => {
    const { rerender } = render(<Table state={loaded([])} />);
    expect(screen.getByText('No cars yet.')).toBeInTheDocument();

    const retry = vi.fn();
    rerender(<Table state={{ ...loaded([]), error: 'Failed to fetch asset models' }} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch asset models');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('is busy with placeholder rows while the first page loads', () => {
    render(<Table state={{ ...loaded([]), isLoading: true }} />);
    const table = screen.getByRole('table', { name: 'Cars' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No cars yet.')).toBeNull();
  });

  it('keeps what a row shows (an open menu, a typed note) when the page rebuilds its columns', async () => {
    function Rebuilding() {
      const [tick, setTick] = useState(0);
      // Rebuilt on every render, as pages build them.
      const rebuilt = column.columns([
        column.accessor('name', { id: 'name', header: 'Name' }),
        column.display({ id: 'note', header: 'Note', cell: () => <input aria-label="Note" /> }),
      ]);
      return (
        <>
          <button type="button" onClick={() => setTick(tick + 1)}>
            Refresh
          </button>
          <DataTable
            label="Cars"
            columns={rebuilt}
            state={loaded([{ id: '1', name: 'Terra', brand: 'Autostudio' }])}
            params={{ page: 1, limit: 2, sort: null, order: 'asc' }}
            onSort={() => undefined}
            onPage={() => undefined}
            onRetry={() => undefined}
            getRowId={(car) => car.id}
            empty="No cars yet."
          />
        </>
      );
    }
    render(<Rebuilding />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('kept');
  });
});
