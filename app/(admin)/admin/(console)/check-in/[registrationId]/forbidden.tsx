import { EventPageRefusal } from '../../NotAllowed';

/** The door's page of one registrant, refused with status 403 as the event's own pages are. */
export default function Forbidden() {
  return <EventPageRefusal />;
}
