// `/` when the server names no default network: the visitor says which one to open.
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';

export default function ChooseNetworkPage() {
  const navigate = useNavigate();
  return (
    <main id="main" className="page">
      <title>Open a network</title>
      <h1>Open a network</h1>
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get('network')).trim();
          if (name) navigate(paths.home(name));
        }}
      >
        <label htmlFor="network-name">Network name</label>
        <input id="network-name" name="network" required autoComplete="off" spellCheck={false} />
        <button type="submit">Open</button>
      </form>
    </main>
  );
}
