#!/usr/bin/env bash
# The nightly backup of the TCSA site, run by deploy/tcsa-backup.service as the site's user, in
# the site's folder, with the site's settings (.env.local) in its environment:
#   1. npm run db:backup writes the database and the uploaded files to a new archive in
#      BACKUP_DIR (README, 'Keeping the data'), while the site runs;
#   2. the newest BACKUP_KEEP archives stay on this server (14 by default), the older are deleted;
#   3. when BACKUP_COPY_TO names an rclone destination ("remote:folder"), the new archive is
#      encrypted with gpg (AES-256, the passphrase in BACKUP_PASSPHRASE_FILE) and copied there;
#      there, each night's copy is kept for a month, and the copy of the 1st of each month for a
#      year (a backup holds students' personal data: it is not kept longer than it is useful).
# Any failure stops the script with a message and a non-zero exit: systemd then shows the
# service as failed (systemctl status tcsa-backup.service), and the System page's Backups
# check fails once the newest backup is more than 30 hours old.
set -euo pipefail
cd "$(dirname "$0")/.."

folder=${BACKUP_DIR:-backups}
keep=${BACKUP_KEEP:-14}
if ! [[ $keep =~ ^[1-9][0-9]*$ ]]; then
  echo "BACKUP_KEEP must be a whole number of backups to keep, at least 1 (it is \"$keep\")." >&2
  exit 2
fi

# 1. The backup. Its archive is the newest file of the folder afterwards.
npm run --silent db:backup
newest=$(ls -1t "$folder"/tcsa-*.tar.gz 2>/dev/null | sed -n 1p || true)
if [ -z "$newest" ]; then
  echo "npm run db:backup wrote no archive in $folder: is BACKUP_DIR the same for both?" >&2
  exit 1
fi

# 2. Keep the newest $keep archives here.
ls -1t "$folder"/tcsa-*.tar.gz | tail -n +"$((keep + 1))" | while read -r old; do
  rm -f -- "$old"
  echo "Deleted $old (keeping the newest $keep backups on this server)."
done

# 3. The copy off the server.
if [ -z "${BACKUP_COPY_TO:-}" ]; then
  echo "BACKUP_COPY_TO is empty: $newest stays on this server only, and would be lost with it."
  exit 0
fi
passphrase=${BACKUP_PASSPHRASE_FILE:-}
if [ -z "$passphrase" ] || [ ! -r "$passphrase" ]; then
  echo "BACKUP_PASSPHRASE_FILE ($passphrase) cannot be read: no copy is made without encrypting it." >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
encrypted="$work/$(basename "$newest").gpg"
gpg --batch --quiet --homedir "$work" --pinentry-mode loopback --passphrase-file "$passphrase" \
  --symmetric --cipher-algo AES256 --output "$encrypted" "$newest"
rclone copyto "$encrypted" "${BACKUP_COPY_TO%/}/$(basename "$encrypted")"
echo "Copied $(basename "$encrypted") to $BACKUP_COPY_TO."

# The copies there: each night's for 32 days, the 1st of each month's for a year.
rclone delete "$BACKUP_COPY_TO" --min-age 32d \
  --filter '- tcsa-????-??-01T*' --filter '+ tcsa-*.tar.gz.gpg' --filter '- *'
rclone delete "$BACKUP_COPY_TO" --min-age 366d --filter '+ tcsa-*.tar.gz.gpg' --filter '- *'
