import { useNavigate } from 'react-router-dom';

/** A text link at the right of a page's header (e.g. the records of the screen). */
export function HeaderLink({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <button className="bp-header-link" onClick={() => navigate(to)}>
      {label}
    </button>
  );
}
