import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '@/components/shell-icons';
import { paths } from '@/config/paths';

/**
 * The header's search box, from lg (narrower screens have the list's own field, phones the tab bar's
 * Search too): searches the public catalogue (home's 'Our Products', `/?q=…#our-products`). On home
 * it shows the search in the URL and keeps the other filters; elsewhere it starts a new search. A
 * plain GET form underneath, so it works before the app's script has run too.
 */
export function HeaderSearch() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const onHome = pathname === paths.catalogue.path;
  const urlQuery = onHome ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  // The URL changed (a search applied in the list, back, another page): show what it says now.
  const [shown, setShown] = useState(urlQuery);
  if (shown !== urlQuery) {
    setShown(urlQuery);
    setText(urlQuery);
  }

  return (
    <search aria-label="Search the shop" className="mx-4 hidden flex-1 justify-center lg:flex">
      <form
        action={paths.catalogue.path}
        method="get"
        className="w-full max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          const params = new URLSearchParams(onHome ? search : '');
          const q = text.trim().replace(/\s+/g, ' ');
          if (q) params.set('q', q);
          else params.delete('q');
          const query = params.toString();
          navigate({ pathname: paths.catalogue.path, search: query ? `?${query}` : '', hash: paths.catalogue.hash });
        }}
      >
        <div className="input input-sm h-10 w-full">
          <label htmlFor={id} className="sr-only">
            Search the shop
          </label>
          <input
            id={id}
            type="search"
            name="q"
            placeholder="Search laptops, phones, cameras…"
            maxLength={100}
            enterKeyHint="search"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-square btn-ghost btn-xs -me-1" aria-label="Submit search">
            <SearchIcon size={18} aria-hidden="true" />
          </button>
        </div>
      </form>
    </search>
  );
}
