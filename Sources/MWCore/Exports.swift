@_exported import MWFoundation
