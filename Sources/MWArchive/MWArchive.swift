/// Placeholder; see the owning issue.
public enum MWArchiveModule {}
