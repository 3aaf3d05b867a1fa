import { ConsolePageRefusal } from './NotAllowed';

/** What a console page answers, with status 403, to a role it is not for (see NotAllowed.tsx). */
export default function Forbidden() {
  return <ConsolePageRefusal />;
}
