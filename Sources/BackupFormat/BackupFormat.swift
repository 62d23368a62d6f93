// The BackupFormat module. Its types are documented where they are declared.
