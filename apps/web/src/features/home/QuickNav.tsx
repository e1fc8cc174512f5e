import { useNavigate } from 'react-router-dom';
import { useNavigation } from './api.ts';
import { openLink, showsLink } from './links.ts';

/** The home page's entries (sports, casino, egames...): only those leading to a built page show. */
export function QuickNav() {
  const navigate = useNavigate();
  const { data, isPending } = useNavigation();
  // Two rows' place is kept while the entries load, so what follows does not jump down when they come.
  if (isPending) return <nav className="bp-quicknav bp-quicknav--loading" aria-hidden="true" />;
  const entries = (data ?? []).filter((e) => e.path && showsLink(e.path));
  if (entries.length === 0) return null;
  return (
    <nav className="bp-quicknav">
      {entries.map((e) => (
        <button key={e.id} className="bp-quicknav-item" onClick={() => openLink(e.path, navigate)}>
          {e.badge ? <span className="bp-quicknav-badge">{e.badge}</span> : null}
          <img src={e.icon} alt="" className="bp-quicknav-icon" />
          <span>{e.name}</span>
        </button>
      ))}
    </nav>
  );
}
