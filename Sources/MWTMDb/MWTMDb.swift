/// Placeholder; see the owning issue.
public enum MWTMDbModule {}
