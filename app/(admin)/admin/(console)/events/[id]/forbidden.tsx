import { EventPageRefusal } from '../../NotAllowed';

/** An event's pages, refused with status 403: 'You do not lead this event' to another lead. */
export default function Forbidden() {
  return <EventPageRefusal />;
}
