/// The stored attributes that differ between two versions of a record (ids excepted), in
/// declaration order, for a merge's decisions (`fields`, the plan). Written out, not reflected:
/// `Mirror` over every matched record was a third of a 50,000-book `--merge-into`.
protocol BookMergeFields: Equatable {
    func differing(from other: Self) -> [String]
}

extension Author: BookMergeFields {
    func differing(from o: Author) -> [String] {
        if self == o { return [] }
        var d: [String] = []
        if name != o.name { d.append("name") }
        if nationality != o.nationality { d.append("nationality") }
        if gender != o.gender { d.append("gender") }
        if culturalRegion != o.culturalRegion { d.append("culturalRegion") }
        if birthYear != o.birthYear { d.append("birthYear") }
        if deathYear != o.deathYear { d.append("deathYear") }
        if openLibraryID != o.openLibraryID { d.append("openLibraryID") }
        if isbndbID != o.isbndbID { d.append("isbndbID") }
        if googleBooksID != o.googleBooksID { d.append("googleBooksID") }
        if goodreadsID != o.goodreadsID { d.append("goodreadsID") }
        if dateCreated != o.dateCreated { d.append("dateCreated") }
        if lastModified != o.lastModified { d.append("lastModified") }
        if bookCount != o.bookCount { d.append("bookCount") }
        return d
    }
}

extension Work: BookMergeFields {
    func differing(from o: Work) -> [String] {
        if self == o { return [] }
        var d: [String] = []
        if title != o.title { d.append("title") }
        if originalLanguage != o.originalLanguage { d.append("originalLanguage") }
        if firstPublicationYear != o.firstPublicationYear { d.append("firstPublicationYear") }
        if subjectTags != o.subjectTags { d.append("subjectTags") }
        if authorIds != o.authorIds { d.append("authorIds") }
        if openLibraryWorkID != o.openLibraryWorkID { d.append("openLibraryWorkID") }
        if isbndbID != o.isbndbID { d.append("isbndbID") }
        if googleBooksVolumeID != o.googleBooksVolumeID { d.append("googleBooksVolumeID") }
        if goodreadsWorkIDs != o.goodreadsWorkIDs { d.append("goodreadsWorkIDs") }
        if amazonASINs != o.amazonASINs { d.append("amazonASINs") }
        if librarythingIDs != o.librarythingIDs { d.append("librarythingIDs") }
        if googleBooksVolumeIDs != o.googleBooksVolumeIDs { d.append("googleBooksVolumeIDs") }
        if reviewStatus != o.reviewStatus { d.append("reviewStatus") }
        if originalImagePath != o.originalImagePath { d.append("originalImagePath") }
        if boundingBoxX != o.boundingBoxX { d.append("boundingBoxX") }
        if boundingBoxY != o.boundingBoxY { d.append("boundingBoxY") }
        if boundingBoxWidth != o.boundingBoxWidth { d.append("boundingBoxWidth") }
        if boundingBoxHeight != o.boundingBoxHeight { d.append("boundingBoxHeight") }
        if dateCreated != o.dateCreated { d.append("dateCreated") }
        if lastModified != o.lastModified { d.append("lastModified") }
        if lastISBNDBSync != o.lastISBNDBSync { d.append("lastISBNDBSync") }
        if isbndbQuality != o.isbndbQuality { d.append("isbndbQuality") }
        return d
    }
}

extension Edition: BookMergeFields {
    func differing(from o: Edition) -> [String] {
        if self == o { return [] }
        var d: [String] = []
        if workId != o.workId { d.append("workId") }
        if isbn != o.isbn { d.append("isbn") }
        if isbns != o.isbns { d.append("isbns") }
        if publisher != o.publisher { d.append("publisher") }
        if publicationDate != o.publicationDate { d.append("publicationDate") }
        if pageCount != o.pageCount { d.append("pageCount") }
        if format != o.format { d.append("format") }
        if coverImageURL != o.coverImageURL { d.append("coverImageURL") }
        if editionTitle != o.editionTitle { d.append("editionTitle") }
        if openLibraryEditionID != o.openLibraryEditionID { d.append("openLibraryEditionID") }
        if isbndbID != o.isbndbID { d.append("isbndbID") }
        if googleBooksVolumeID != o.googleBooksVolumeID { d.append("googleBooksVolumeID") }
        if amazonASINs != o.amazonASINs { d.append("amazonASINs") }
        if googleBooksVolumeIDs != o.googleBooksVolumeIDs { d.append("googleBooksVolumeIDs") }
        if librarythingIDs != o.librarythingIDs { d.append("librarythingIDs") }
        if contributors != o.contributors { d.append("contributors") }
        if dateCreated != o.dateCreated { d.append("dateCreated") }
        if lastModified != o.lastModified { d.append("lastModified") }
        if lastISBNDBSync != o.lastISBNDBSync { d.append("lastISBNDBSync") }
        if isbndbQuality != o.isbndbQuality { d.append("isbndbQuality") }
        return d
    }
}

extension LibraryEntry: BookMergeFields {
    func differing(from o: LibraryEntry) -> [String] {
        if self == o { return [] }
        var d: [String] = []
        if workId != o.workId { d.append("workId") }
        if editionId != o.editionId { d.append("editionId") }
        if dateAdded != o.dateAdded { d.append("dateAdded") }
        if readingStatus != o.readingStatus { d.append("readingStatus") }
        if currentPage != o.currentPage { d.append("currentPage") }
        if readingProgress != o.readingProgress { d.append("readingProgress") }
        if rating != o.rating { d.append("rating") }
        if personalRating != o.personalRating { d.append("personalRating") }
        if notes != o.notes { d.append("notes") }
        if tags != o.tags { d.append("tags") }
        if dateStarted != o.dateStarted { d.append("dateStarted") }
        if dateCompleted != o.dateCompleted { d.append("dateCompleted") }
        if estimatedFinishDate != o.estimatedFinishDate { d.append("estimatedFinishDate") }
        if lastModified != o.lastModified { d.append("lastModified") }
        if privateNotes != o.privateNotes { d.append("privateNotes") }
        if reviewHasSpoilers != o.reviewHasSpoilers { d.append("reviewHasSpoilers") }
        if readCount != o.readCount { d.append("readCount") }
        if ownedCopies != o.ownedCopies { d.append("ownedCopies") }
        if earlierReads != o.earlierReads { d.append("earlierReads") }
        return d
    }
}
