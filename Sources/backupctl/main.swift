print("backupctl")
